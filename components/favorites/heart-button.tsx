import { HeartIcon } from '@/components/ui/heart-icon';

/** The heart's look, shared by the toggle and the signed-out heart (signed-out-heart.tsx). */
export function HeartButton({
  pressed,
  label,
  onClick,
  className = '',
}: {
  pressed: boolean;
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-brand-700 hover:bg-brand-50 aria-pressed:border-brand-700 ${className}`}
    >
      <HeartIcon className="size-6" fill={pressed ? 'currentColor' : 'none'} />
    </button>
  );
}

/**
 * Loading indicator, 40px by default (SPEC.md section 9). With a label it is a polite live
 * region that says what is happening; without one it is decoration.
 */
export function Spinner({ label, size = 40 }: { label?: string; size?: number }) {
  const circle = (
    <svg
      aria-hidden="true"
      viewBox="0 0 40 40"
      width={size}
      height={size}
      className="animate-spin text-brand-700 motion-reduce:animate-none"
    >
      <circle cx="20" cy="20" r="16" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M36 20a16 16 0 0 0-16-16" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
  if (!label) return circle;
  return (
    <div role="status" className="flex flex-col items-center gap-3 text-slate-700">
      {circle}
      <span>{label}</span>
    </div>
  );
}

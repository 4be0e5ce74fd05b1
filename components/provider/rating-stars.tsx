import { formatRating } from './format';

const STAR = 'm12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z';

function Stars({ className, filled }: { className: string; filled: boolean }) {
  return (
    <span className="flex shrink-0">
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 24 24" className={`shrink-0 ${className}`} focusable="false">
          <path
            d={STAR}
            fill={filled ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth={1.5}
            strokeLinejoin="round"
          />
        </svg>
      ))}
    </span>
  );
}

/**
 * Five stars filled to the average (outline stars under filled ones clipped to the share), with
 * the number and the count as text: the stars are decorative, the text carries the rating.
 */
export function RatingStars({
  average,
  count,
  locale,
  labels,
  size = 'md',
}: {
  average: number;
  count: number;
  locale: string;
  labels: { rated: string; reviews: string; noReviews: string };
  size?: 'sm' | 'md';
}) {
  if (count === 0) return <p className="text-sm text-slate-700">{labels.noReviews}</p>;
  const star = `${size === 'sm' ? 'size-4' : 'size-5'} text-amber-600`;
  const text = size === 'sm' ? 'text-sm' : 'text-base';
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="relative inline-flex" aria-hidden="true">
        <Stars className={star} filled={false} />
        <span
          className="absolute inset-y-0 left-0 overflow-hidden"
          style={{ width: `${(Math.min(5, average) / 5) * 100}%` }}
        >
          <Stars className={star} filled />
        </span>
      </span>
      <span className={`${text} font-semibold text-slate-900`}>
        <span className="sr-only">{labels.rated} </span>
        {formatRating(average, locale)}
      </span>
      <span className={`${text} text-slate-700`}>({labels.reviews})</span>
    </p>
  );
}

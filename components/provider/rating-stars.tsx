import { formatRating } from './format';

/**
 * Five stars filled to the average, with the number and the count as text: the stars are
 * decorative, the text carries the rating. The stars are one element drawn by CSS (`.stars` in
 * app/globals.css: outline stars with filled ones clipped to the share over them); as inline
 * SVG they were forty elements on a provider page, a fifth of its HTML and React payload.
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
  const text = size === 'sm' ? 'text-sm' : 'text-base';
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span
        className={size === 'sm' ? 'stars stars-sm text-amber-600' : 'stars text-amber-600'}
        style={{ ['--fill' as string]: `${(Math.min(5, average) / 5) * 100}%` }}
        aria-hidden="true"
      />
      <span className={`${text} font-semibold text-slate-900`}>
        <span className="sr-only">{labels.rated} </span>
        {formatRating(average, locale)}
      </span>
      <span className={`${text} text-slate-700`}>({labels.reviews})</span>
    </p>
  );
}

import { useLocale, useTranslations } from 'next-intl';
import { formatRating } from './format';

/**
 * "★ 4.5 out of 5 (23 reviews)". The star is decoration; the words carry the value for
 * screen readers and for anyone who does not read stars.
 */
export function Rating({ average, count, className = '' }: { average: number; count: number; className?: string }) {
  const t = useTranslations('listing.card');
  const locale = useLocale();
  if (count === 0) return <p className={`text-sm text-slate-600 ${className}`}>{t('noReviews')}</p>;
  return (
    <p className={`flex items-center gap-1 text-sm text-slate-800 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-amber-500" fill="currentColor">
        <path d="m10 1.5 2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8L10 1.5Z" />
      </svg>
      <span className="font-semibold">{t('rating', { rating: formatRating(average, locale) })}</span>
      <span className="text-slate-600">({t('reviews', { count })})</span>
    </p>
  );
}

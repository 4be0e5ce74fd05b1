import { getTranslations } from 'next-intl/server';
import type { Review } from '@/lib/contracts/reviews';
import { formatReviewDate } from './format';
import { RatingStars } from './rating-stars';

/** The latest reviews, each with its rating, author, date, text and the office's response. */
export async function ReviewsList({
  reviews,
  locale,
  showOffice,
}: {
  reviews: readonly Review[];
  locale: string;
  /** Name the office a review is about (on a provider page, where there may be several). */
  showOffice?: boolean;
}) {
  const t = await getTranslations('provider');
  if (reviews.length === 0) return <p className="text-slate-700">{t('noReviews')}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {reviews.map((review) => (
        <li key={review.id} className="py-5 first:pt-0">
          <article aria-label={t('reviewBy', { name: review.patientDisplayName })}>
            <RatingStars
              average={review.rating}
              count={1}
              locale={locale}
              size="sm"
              labels={{ rated: t('rated'), reviews: t('outOfFive'), noReviews: t('noReviews') }}
            />
            <p className="mt-1 text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{review.patientDisplayName}</span>
              {' · '}
              <time dateTime={review.reviewedAt}>{formatReviewDate(review.reviewedAt, locale)}</time>
              {showOffice && review.officeName ? ` · ${t('atOffice', { office: review.officeName })}` : null}
            </p>
            <p className="mt-2 text-slate-800">{review.text}</p>
            {review.officeResponse ? (
              <div className="mt-3 rounded-lg border-l-4 border-brand-300 bg-brand-50 px-4 py-3">
                <p className="text-sm font-semibold text-slate-900">
                  {review.officeName ? t('officeResponse', { office: review.officeName }) : t('officeResponseGeneric')}
                </p>
                <p className="mt-1 text-sm text-slate-800">{review.officeResponse.text}</p>
              </div>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}

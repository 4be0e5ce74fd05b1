'use client';

import { useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { MyReview, ReviewableVisit } from '@/lib/contracts/reviews';
import { useDeleteReview, useMyReviews } from '@/lib/api-client/reviews';
import { isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { Link } from '@/lib/i18n/navigation';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { ReviewStars } from './review-stars';
import { WriteReviewDialog } from './write-review-dialog';

/**
 * My Reviews tab: completed visits awaiting a review, and the patient's reviews with
 * rating, text, date and the office's response; edit and delete (with confirmation).
 * `reviewAppointmentId` (from the review email's link) opens the dialog for that visit.
 */
export function MyReviewsPanel({ reviewAppointmentId }: { reviewAppointmentId?: string }) {
  const t = useTranslations('reviews');
  const format = useFormatter();
  const locale = useLocale();
  const toast = useToast();
  const reviews = useMyReviews();
  const remove = useDeleteReview();
  const [writing, setWriting] = useState<ReviewableVisit | null>(null);
  const [fromLink, setFromLink] = useState(reviewAppointmentId);
  const [editing, setEditing] = useState<MyReview | null>(null);
  const [deleting, setDeleting] = useState<MyReview | null>(null);

  if (reviews.isPending) return <Spinner />;
  if (reviews.isError) {
    return (
      <div className="space-y-3">
        <FormAlert>{t('loadFailed')}</FormAlert>
        <Button variant="secondary" onClick={() => void reviews.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const { reviews: mine, awaitingReview } = reviews.data;
  const linked = fromLink ? awaitingReview.find((v) => v.appointmentId === fromLink) : undefined;
  const open = writing ?? linked ?? null;
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long' });

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('deleted'));
    } catch (error) {
      if (isSessionLost(error)) return window.location.assign(sessionExpiredUrl(locale));
      toast.error(t('deleteFailed'));
    }
    setDeleting(null);
  }

  return (
    <div className="space-y-8">
      <p className="text-slate-700">{t('intro')}</p>
      {awaitingReview.length ? (
        <section aria-labelledby="reviews-awaiting">
          <h3 id="reviews-awaiting" className="text-lg font-semibold text-slate-900">
            {t('awaitingHeading')}
          </h3>
          <ul className="mt-3 space-y-3">
            {awaitingReview.map((visit) => (
              <li
                key={visit.appointmentId}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl p-4 ring-1 ring-slate-200"
              >
                <div>
                  <p className="font-medium text-slate-900">{visit.providerName}</p>
                  <p className="text-sm text-slate-700">
                    {t('visit', { date: date(visit.start), office: visit.officeName, name: visit.patientName })}
                  </p>
                </div>
                <Button onClick={() => setWriting(visit)} aria-label={t('writeOf', { provider: visit.providerName })}>
                  {t('write')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="reviews-mine">
        <h3 id="reviews-mine" className="text-lg font-semibold text-slate-900">
          {t('myReviewsHeading')}
        </h3>
        {mine.length ? (
          <ul className="mt-3 space-y-3">
            {mine.map((review) => (
              <li key={review.id} className="rounded-xl p-4 ring-1 ring-slate-200">
                <article aria-label={review.providerName}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link
                      href={`/provider-details/${review.providerId}`}
                      className="font-medium text-brand-800 underline underline-offset-2"
                    >
                      {review.providerName}
                    </Link>
                    <ReviewStars rating={review.rating} />
                  </div>
                  <p className="text-sm text-slate-700">
                    {t('reviewedOn', { date: date(review.reviewedAt) })}
                    {review.officeName ? ` · ${review.officeName}` : ''}
                  </p>
                  <p className="mt-2 whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{review.text}</p>
                  {review.officeResponse ? (
                    <div className="mt-3 rounded-lg bg-slate-50 p-3">
                      <p className="text-sm font-medium text-slate-800">
                        {review.officeName
                          ? t('officeResponse', { office: review.officeName })
                          : t('officeResponseGeneric')}
                      </p>
                      <p className="text-slate-900">{review.officeResponse.text}</p>
                    </div>
                  ) : null}
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(review)}
                      aria-label={t('editOf', { provider: review.providerName })}
                    >
                      {t('edit')}
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setDeleting(review)}
                      aria-label={t('deleteOf', { provider: review.providerName })}
                    >
                      {t('delete')}
                    </Button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-700">{t('empty')}</p>
        )}
      </section>

      <WriteReviewDialog
        open={open !== null}
        onClose={() => {
          setWriting(null);
          setFromLink(undefined);
        }}
        providerName={open?.providerName ?? ''}
        appointmentId={open?.appointmentId}
      />
      <WriteReviewDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        providerName={editing?.providerName ?? ''}
        review={editing ?? undefined}
      />
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('deleteTitle')}
        closeLabel={t('cancel')}
      >
        <p className="text-slate-700">{t('deleteBody', { provider: deleting?.providerName ?? '' })}</p>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            {t('cancel')}
          </Button>
          <Button disabled={remove.isPending} onClick={() => void confirmDelete()}>
            {t('deleteConfirm')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}

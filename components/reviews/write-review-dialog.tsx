'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { MAX_REVIEW_TEXT_LENGTH, type MyReview } from '@/lib/contracts/reviews';
import { charCount } from '@/lib/contracts/validation';
import { useEditReview, useWriteReview } from '@/lib/api-client/reviews';
import { ClientApiError } from '@/lib/api-client/http';
import { isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { Button } from '@/components/ui/button';
import { FieldError, controlClass, labelClass } from '@/components/ui/field-help';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { RatingInput } from './review-stars';

/**
 * Write a review of a completed appointment, or edit one (issue 13). For the appointment details
 * page: `<WriteReviewDialog open appointmentId=… providerName=… onClose=… />` inside the page's
 * QueryProvider and with the `reviews` messages. The server answers 409 when the visit is not
 * completed or already reviewed; the dialog says so.
 */
export function WriteReviewDialog({
  open,
  onClose,
  providerName,
  appointmentId,
  review,
}: {
  open: boolean;
  onClose: () => void;
  providerName: string;
  /** Write a new review of this appointment... */
  appointmentId?: string;
  /** ...or edit this one. */
  review?: MyReview;
}) {
  const t = useTranslations('reviews');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={review ? t('editTitle', { provider: providerName }) : t('writeTitle', { provider: providerName })}
      closeLabel={t('cancel')}
      size="md"
    >
      {open ? <ReviewForm appointmentId={appointmentId} review={review} onDone={onClose} /> : null}
    </Modal>
  );
}

function ReviewForm({ appointmentId, review, onDone }: { appointmentId?: string; review?: MyReview; onDone: () => void }) {
  const t = useTranslations('reviews');
  const locale = useLocale();
  const toast = useToast();
  const id = useId();
  const write = useWriteReview();
  const edit = useEditReview();
  const [rating, setRating] = useState<number | undefined>(review?.rating);
  const [text, setText] = useState(review?.text ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string>();
  useEffect(() => setFormError(undefined), [rating, text]);
  const ratingError = submitted && !rating ? t('ratingRequired') : undefined;
  const textError = submitted && !text.trim() ? t('textRequired') : undefined;
  const pending = write.isPending || edit.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!rating || !text.trim()) return;
    const body = { rating, text: text.trim() };
    try {
      if (review) {
        await edit.mutateAsync({ id: review.id, body });
        toast.success(t('updated'));
      } else if (appointmentId) {
        await write.mutateAsync({ appointmentId, ...body });
        toast.success(t('submitted'));
      }
      onDone();
    } catch (error) {
      if (isSessionLost(error)) return window.location.assign(sessionExpiredUrl(locale));
      const code = error instanceof ClientApiError ? error.errorCode : undefined;
      const message =
        code === 'alreadyReviewed'
          ? t('alreadyReviewed')
          : code === 'notReviewable'
            ? t('notReviewable')
            : review
              ? t('editFailed')
              : t('submitFailed');
      setFormError(message);
      // The optimistic edit was rolled back: say so where the list is too.
      if (review) toast.error(message);
    }
  }

  const left = MAX_REVIEW_TEXT_LENGTH - charCount(text);
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <RatingInput value={rating} onChange={setRating} error={ratingError} />
      <div>
        <label htmlFor={`${id}-text`} className={labelClass}>
          {t('text')}
        </label>
        <textarea
          id={`${id}-text`}
          rows={5}
          maxLength={MAX_REVIEW_TEXT_LENGTH}
          aria-required
          aria-invalid={textError ? true : undefined}
          aria-describedby={[`${id}-hint`, textError ? `${id}-error` : ''].filter(Boolean).join(' ')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={controlClass}
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {t('textHelp', { left })}
        </p>
        <FieldError id={textError ? `${id}-error` : undefined}>{textError}</FieldError>
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('submitting') : review ? t('save') : t('submit')}
        </Button>
      </div>
    </form>
  );
}

'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { reviewRequestSchema, type MyReview, type ReviewRequest } from '@/lib/contracts/reviews';
import { useEditReview, useWriteReview } from '@/lib/api-client/reviews';
import { ClientApiError } from '@/lib/api-client/http';
import { isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { ReviewFields, type ReviewInput } from './review-fields';
import '@/lib/contracts/zod-config';

/**
 * Write a review of a completed appointment, or edit one, checked with the shared contract. For the appointment details
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

function ReviewForm({
  appointmentId,
  review,
  onDone,
}: {
  appointmentId?: string;
  review?: MyReview;
  onDone: () => void;
}) {
  const t = useTranslations('reviews');
  const locale = useLocale();
  const toast = useToast();
  const id = useId();
  const write = useWriteReview();
  const edit = useEditReview();
  const [formError, setFormError] = useState<string>();
  const ratingRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement | null>(null);
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput, unknown, ReviewRequest>({
    resolver: zodResolver(reviewRequestSchema),
    shouldFocusError: false,
    defaultValues: { rating: review?.rating, text: review?.text ?? '' },
  });
  const rating = watch('rating');
  const text = watch('text') ?? '';
  useEffect(() => setFormError(undefined), [rating, text]);

  const onSubmit = handleSubmit(
    async (body) => {
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
    },
    (invalid) => {
      // The first invalid field in page order: the stars, then the text.
      if (invalid.rating) ratingRef.current?.querySelector('input')?.focus();
      else if (invalid.text) textRef.current?.focus();
    },
  );

  // The contract's generic "required" is said in the words of this form.
  const ratingError = errors.rating ? t('ratingRequired') : undefined;
  const textMessage = errors.text?.message;
  const pending = isSubmitting || write.isPending || edit.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <ReviewFields
        id={id}
        control={control}
        register={register}
        text={text}
        ratingError={ratingError}
        textMessage={textMessage}
        rows={5}
        ratingRef={ratingRef}
        textRef={textRef}
      />
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

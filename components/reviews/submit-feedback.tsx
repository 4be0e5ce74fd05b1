'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import type { VisitFeedback } from '@/lib/contracts/feedback';
import { reviewRequestSchema, type ReviewRequest } from '@/lib/contracts/reviews';
import { fetchFeedback, useSaveFeedback } from '@/lib/api-client/feedback';
import { ClientApiError } from '@/lib/api-client/http';
import { apiErrorMessage, isSessionLost } from '@/lib/api-client/error-message';
import { logout } from '@/lib/api-client/session';
import { Link } from '@/lib/i18n/navigation';
import { instantParts } from '@/components/appointments/format';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerFieldErrors } from '@/components/ui/form-errors';
import { ReviewFields, type ReviewInput } from './review-fields';
import { ReviewStars } from './review-stars';
import { clearDraft, readDraft, signedUpRecently, writeDraft } from './feedback-draft';
import '@/lib/contracts/zod-config';

/** Why the form cannot be shown: a link without a visit id, another account's visit, a visit not completed. */
export type FeedbackProblem = 'badLink' | 'notYours' | 'notCompleted';

/**
 * /submit-feedback's content: the visit, then either the form (rating and text,
 * react-hook-form with the contract's zod schema) or the review already saved for it, which is
 * what the patient sees on a second visit of the link (feedback counts once; editing lives in My
 * Reviews, next to the office's response it may have drawn).
 */
export function SubmitFeedback({
  visit,
  problem,
  appointmentId,
}: {
  visit?: VisitFeedback;
  problem?: FeedbackProblem;
  appointmentId: string;
}) {
  const [feedback, setFeedback] = useState(visit);
  const [problemNow, setProblemNow] = useState(problem);
  const [justSaved, setJustSaved] = useState(false);
  if (problemNow) return <ProblemNotice problem={problemNow} appointmentId={appointmentId} />;
  if (!feedback) return null;
  return (
    <div className="mt-6 space-y-6">
      <VisitSummary visit={feedback} />
      {feedback.review ? (
        <SavedFeedback feedback={feedback} justSaved={justSaved} />
      ) : (
        <FeedbackForm
          visit={feedback}
          onSaved={(saved, fresh) => {
            setFeedback(saved);
            setJustSaved(fresh);
          }}
          onProblem={setProblemNow}
        />
      )}
    </div>
  );
}

function VisitSummary({ visit }: { visit: VisitFeedback }) {
  const t = useTranslations('feedback');
  const locale = useLocale();
  const when = instantParts(visit.start, visit.timeZone, locale);
  return (
    <div className="space-y-2">
      <p className="font-medium text-slate-900">
        {t('visit', {
          provider: visit.providerName,
          office: visit.officeName,
          date: when.date,
          time: when.time,
          zone: when.zone,
          name: visit.patientName,
        })}
      </p>
      <p className="text-slate-700">{t('intro')}</p>
    </div>
  );
}

function SavedFeedback({ feedback, justSaved }: { feedback: VisitFeedback; justSaved: boolean }) {
  const t = useTranslations('feedback');
  const review = feedback.review!;
  return (
    <section aria-labelledby="saved-feedback" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <FormAlert tone="info">{justSaved ? t('submitted') : t('alreadyIn')}</FormAlert>
      <h2 id="saved-feedback" className="text-lg font-semibold text-slate-900">
        {t('yourReview')}
      </h2>
      <div className="mt-2">
        <ReviewStars rating={review.rating} />
      </div>
      <p className="mt-2 whitespace-pre-line text-slate-800">{review.text}</p>
      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <Link
          href={{ pathname: '/account-section', query: { tab: 'my-reviews' } }}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {t('editInMyReviews')}
        </Link>
        <Link
          href={`/provider-details/${feedback.providerId}`}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {t('providerPage', { provider: feedback.providerName })}
        </Link>
      </div>
    </section>
  );
}

/** Logs out and loads the page again: the middleware saves it and sends the visitor to login, and back here after. */
async function logInAgain() {
  await logout().catch(() => undefined);
  window.location.reload();
}

function ProblemNotice({ problem, appointmentId }: { problem: FeedbackProblem; appointmentId: string }) {
  const t = useTranslations('feedback');
  // sessionStorage is the browser's: read after hydration, so the server's HTML matches the first render.
  const [afterSignUp, setAfterSignUp] = useState(false);
  useEffect(() => {
    if (problem === 'notYours') setAfterSignUp(signedUpRecently() || Boolean(readDraft(appointmentId)?.autoSubmit));
  }, [problem, appointmentId]);
  const [leaving, setLeaving] = useState(false);
  const text = problem === 'notYours' ? (afterSignUp ? t('signedUpSubmitFailed') : t('notYours')) : t(problem);
  return (
    <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <FormAlert tone={problem === 'notCompleted' ? 'info' : 'error'}>{text}</FormAlert>
      {problem === 'notYours' ? (
        <Button
          variant="secondary"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void logInAgain();
          }}
        >
          {t('switchAccount')}
        </Button>
      ) : null}
    </div>
  );
}

function FeedbackForm({
  visit,
  onSaved,
  onProblem,
}: {
  visit: VisitFeedback;
  onSaved: (feedback: VisitFeedback, fresh: boolean) => void;
  onProblem: (problem: FeedbackProblem) => void;
}) {
  const t = useTranslations('feedback');
  const tr = useTranslations('reviews');
  const te = useTranslations('errors');
  const id = useId();
  const save = useSaveFeedback(visit.appointmentId);
  const [alert, setAlert] = useState<string>();
  const [sendingDraft, setSendingDraft] = useState(false);
  const ratingRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput, unknown, ReviewRequest>({
    resolver: zodResolver(reviewRequestSchema),
    shouldFocusError: false,
    defaultValues: { rating: undefined, text: '' },
  });

  async function send(body: ReviewRequest) {
    setAlert(undefined);
    try {
      const saved = await save.mutateAsync(body);
      clearDraft(visit.appointmentId);
      onSaved(saved, true);
    } catch (error) {
      if (isSessionLost(error)) {
        // Logged out meanwhile: keep the feedback, log in again, and it is sent on the way back.
        writeDraft(visit.appointmentId, { ...body, autoSubmit: true });
        return logInAgain();
      }
      writeDraft(visit.appointmentId, body);
      const code = error instanceof ClientApiError ? error.errorCode : undefined;
      if (code === 'alreadyReviewed') {
        // Sent from another tab or twice: show what is saved instead of a second review.
        clearDraft(visit.appointmentId);
        const current = await fetchFeedback(visit.appointmentId).catch(() => undefined);
        if (current?.review) return onSaved(current, false);
        return setAlert(tr('alreadyReviewed'));
      }
      if (code === 'notFound') return onProblem('notYours');
      if (code === 'notReviewable') return onProblem('notCompleted');
      const fields = applyServerFieldErrors(error, setError, ['rating', 'text']);
      if (fields.length) return;
      setAlert(apiErrorMessage(error, { offline: te('offline'), generic: t('saveFailed') }));
    }
  }

  // A draft of this visit comes back into the form; one saved when the session was lost is sent
  // by itself (the "automatic review submission" of SPEC.md section 8).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = readDraft(visit.appointmentId);
    if (!draft) return;
    reset({ rating: draft.rating, text: draft.text });
    if (draft.autoSubmit) {
      writeDraft(visit.appointmentId, { rating: draft.rating, text: draft.text });
      const parsed = reviewRequestSchema.safeParse({ rating: draft.rating, text: draft.text });
      if (parsed.success) {
        setSendingDraft(true);
        void send(parsed.data).finally(() => setSendingDraft(false));
      }
    }
    // send is stable enough for a one-time restore
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visit.appointmentId, reset]);

  const rating = watch('rating');
  const text = watch('text') ?? '';
  useEffect(() => {
    if (!restored.current) return;
    if (rating === undefined && !text) return;
    writeDraft(visit.appointmentId, { rating: rating as number | undefined, text });
  }, [rating, text, visit.appointmentId]);

  const onSubmit = handleSubmit(send, (invalid) => {
    if (invalid.rating) ratingRef.current?.querySelector('input')?.focus();
    else if (invalid.text) textRef.current?.focus();
  });

  const ratingError = errors.rating
    ? errors.rating.type === 'server'
      ? errors.rating.message
      : tr('ratingRequired')
    : undefined;
  const textMessage = errors.text?.message;
  const busy = isSubmitting || sendingDraft;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      aria-busy={busy || undefined}
    >
      <FormAlert>{alert}</FormAlert>
      <div role="status">{sendingDraft ? <p className="text-sm text-slate-700">{t('submittingDraft')}</p> : null}</div>
      <ReviewFields
        id={id}
        control={control}
        register={register}
        text={text}
        ratingError={ratingError}
        textMessage={textMessage}
        rows={6}
        ratingRef={ratingRef}
        textRef={textRef}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}

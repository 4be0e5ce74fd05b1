import 'server-only';
import { appointmentIdSchema } from '../../contracts/appointments';
import { inTransaction } from '../../db/transaction';
import { ApiError } from '../errors';
import { doctorName } from '../providers/provider-name';
import { claimFeedbackRequests, findFeedbackVisit } from './feedback-repository';
import { queueFeedbackRequest } from './review-emails';
import { findPatientReview } from './reviews-repository';
import { toMyReviewDto, writeReview } from './reviews-service';
import type { AuthenticatedSession } from '../auth/auth-service';
import type { Locale } from '../../i18n/languages';
import type { ReviewRequest } from '../../contracts/reviews';
import type { VisitFeedback } from '../../contracts/feedback';

/*
 * Feedback on a completed visit: /submit-feedback, reached from the post-visit email.
 * Saved feedback is the visit's review (reviews-service.ts writes it), so My Reviews lists it, the
 * provider's and office's ratings count it once, and a second save answers 409 alreadyReviewed.
 */

/** Visits older than this when completed are not asked about (feedback-repository.ts). */
export const FEEDBACK_WITHIN_MS = 14 * 24 * 60 * 60_000;

/**
 * The feedback job (app-jobs.ts, every minute): claims the visits completed since its last run and
 * queues their emails in the same transaction, so each visit is asked once even with several
 * server processes or overlapping runs (the claim is one conditional UPDATE).
 */
export async function sendFeedbackRequests(now: Date = new Date()): Promise<number> {
  return inTransaction(async () => {
    const ids = await claimFeedbackRequests(now, FEEDBACK_WITHIN_MS);
    for (const id of ids) await queueFeedbackRequest(id);
    return ids.length;
  });
}

function parseId(appointmentId: string): string {
  const parsed = appointmentIdSchema.safeParse(appointmentId);
  // Another shape can be no one's: the same 404 as another patient's id.
  if (!parsed.success) throw new ApiError('notFound');
  return parsed.data;
}

/**
 * GET /v4/appointments/{id}/feedback: the patient's own appointment (else 404), completed (else
 * 409 notReviewable), with its review when one is saved.
 */
export async function checkFeedback(
  auth: AuthenticatedSession,
  appointmentId: string,
  locale: Locale,
): Promise<VisitFeedback> {
  const row = await findFeedbackVisit(auth.userId, parseId(appointmentId));
  if (!row) throw new ApiError('notFound');
  if (row.status !== 'completed') throw new ApiError('notReviewable');
  const reviewRow = row.reviewId === null ? undefined : await findPatientReview(auth.userId, row.reviewId);
  return {
    appointmentId: row.appointmentId,
    providerId: row.providerId,
    providerName: doctorName(
      { first_name: row.providerFirstName, last_name: row.providerLastName, gender: row.providerGender },
      locale,
    ),
    officeId: row.officeId,
    officeName: row.officeName,
    start: row.startsAt.toISOString(),
    timeZone: row.timeZone,
    patientName: `${row.patientFirstName} ${row.patientLastName}`,
    review: reviewRow ? toMyReviewDto(reviewRow, locale) : null,
  };
}

/**
 * POST /v4/appointments/{id}/feedback: writes the visit's review (404 / 409 notReviewable /
 * 409 alreadyReviewed as writeReview decides, the unique appointment id under concurrent saves)
 * and answers the check's shape with it.
 */
export async function saveFeedback(
  auth: AuthenticatedSession,
  appointmentId: string,
  body: ReviewRequest,
  locale: Locale,
): Promise<VisitFeedback> {
  const review = await writeReview(auth, parseId(appointmentId), body, locale);
  return { ...(await checkFeedback(auth, appointmentId, locale)), review };
}

import 'server-only';
import { appointmentIdSchema } from '../../contracts/appointments';
import { reviewIdSchema, type MyReview, type MyReviews, type ReviewRequest } from '../../contracts/reviews';
import { inTransaction } from '../../db/transaction';
import { ApiError } from '../errors';
import { patientById } from '../users/users-service';
import { doctorName } from '../providers/provider-name';
import { review } from '../search/discovery-dto';
import { DEFAULT_PAGE_SIZE } from '../../contracts/discovery';
import { notFound } from '../entity-not-found';
import {
  deletePatientReview,
  findPatientAppointment,
  findPatientReview,
  findReviews,
  insertReview,
  listPatientReviews,
  listReviewableVisits,
  type MyReviewRow,
  updatePatientReview,
} from './reviews-repository';
import { hasClinic } from '../clinics/clinics-service';
import { hasProvider } from '../providers/providers-service';
import type { ReviewPage } from '../../contracts/reviews';
import type { AuthenticatedSession } from '../auth/auth-service';
import type { Locale } from '../../i18n/languages';

/*
 * The patient's reviews. Ratings and review counts of the provider and the office
 * follow every insert, edit and delete at once: the reviews triggers of migration 0001 recompute
 * them in the same statement, and the discovery_changes triggers (0006) tell the page cache
 * which provider and clinic pages to drop.
 */

function providerName(
  row: { providerFirstName: string; providerLastName: string; providerGender: string },
  locale: Locale,
) {
  return doctorName(
    { first_name: row.providerFirstName, last_name: row.providerLastName, gender: row.providerGender },
    locale,
  );
}

/** Reshapes a row into the contract's MyReview (STYLE.md habit 2). */
export function toMyReviewDto(row: MyReviewRow, locale: Locale): MyReview {
  return {
    id: row.id,
    appointmentId: row.appointmentId,
    providerId: row.providerId,
    providerName: providerName(row, locale),
    officeId: row.officeId,
    officeName: row.officeName,
    rating: row.rating,
    text: row.text,
    reviewedAt: row.reviewedAt.toISOString(),
    officeResponse: row.officeResponse
      ? { text: row.officeResponse, respondedAt: row.officeResponseAt?.toISOString() ?? null }
      : null,
  };
}

/** A path id of another shape can be no one's: the same 404 as another patient's id. */
function reviewId(id: string): number {
  const parsed = reviewIdSchema.safeParse(id);
  if (!parsed.success) throw new ApiError('notFound');
  return Number(parsed.data);
}

async function reread(auth: AuthenticatedSession, id: number, locale: Locale): Promise<MyReview> {
  const row = await findPatientReview(auth.userId, id);
  if (!row) throw new ApiError('notFound');
  return toMyReviewDto(row, locale);
}

// GET /v4/reviews
export async function listMyReviews(auth: AuthenticatedSession, locale: Locale): Promise<MyReviews> {
  const [reviews, visits] = await Promise.all([listPatientReviews(auth.userId), listReviewableVisits(auth.userId)]);
  return {
    reviews: reviews.map((row) => toMyReviewDto(row, locale)),
    awaitingReview: visits.map((row) => ({
      appointmentId: row.appointmentId,
      providerId: row.providerId,
      providerName: providerName(row, locale),
      officeName: row.officeName,
      start: row.startsAt.toISOString(),
      patientName: `${row.patientFirstName} ${row.patientLastName}`,
    })),
  };
}

/**
 * POST /v4/appointments/{id}/review: only the patient's own appointment (else 404), only once it
 * is completed (409 notReviewable) and only once (409 alreadyReviewed; the unique appointment id
 * decides under concurrent requests). The review shows the reviewer as "First L." on the
 * provider's and the office's pages.
 */
export async function writeReview(
  auth: AuthenticatedSession,
  appointmentId: string,
  body: ReviewRequest,
  locale: Locale,
): Promise<MyReview> {
  const parsed = appointmentIdSchema.safeParse(appointmentId);
  if (!parsed.success) throw new ApiError('notFound');
  const [appointment, user] = await Promise.all([
    findPatientAppointment(auth.userId, parsed.data),
    patientById(auth.userId),
  ]);
  if (!appointment) throw new ApiError('notFound');
  if (!user) throw new ApiError('notAuthorized');
  if (appointment.status !== 'completed') throw new ApiError('notReviewable');
  const inserted = await inTransaction(() =>
    insertReview({
      providerId: appointment.providerId,
      officeId: appointment.officeId,
      appointmentId: appointment.id,
      patientUserId: auth.userId,
      patientDisplayName: `${user.firstName} ${[...user.lastName][0] ?? ''}.`,
      rating: body.rating,
      text: body.text,
    }),
  );
  if (!inserted) throw new ApiError('alreadyReviewed');
  return reread(auth, inserted.id, locale);
}

// PUT /v4/reviews/{id}
export async function updateReview(
  auth: AuthenticatedSession,
  id: string,
  body: ReviewRequest,
  locale: Locale,
): Promise<MyReview> {
  const updated = await inTransaction(() =>
    updatePatientReview(auth.userId, reviewId(id), { rating: body.rating, text: body.text }),
  );
  if (!updated) throw new ApiError('notFound');
  return reread(auth, updated.id, locale);
}

// DELETE /v4/reviews/{id}
export async function deleteReview(auth: AuthenticatedSession, id: string): Promise<void> {
  if (!(await inTransaction(() => deletePatientReview(auth.userId, reviewId(id))))) throw new ApiError('notFound');
}

// GET /v4/providers/{id}/reviews and /v4/clinics/{id}/reviews
export async function reviewPage(
  by: { providerId: number } | { officeId: number },
  query: { page?: number; pageSize?: number },
): Promise<ReviewPage> {
  const exists = 'providerId' in by ? await hasProvider(by.providerId) : await hasClinic(by.officeId);
  if (!exists) notFound();
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const result = await findReviews(by, pageSize, (page - 1) * pageSize);
  return { items: result.rows.map(review), page, pageSize, total: result.total };
}

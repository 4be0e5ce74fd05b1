import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { appointments, familyMembers, offices, patientAppUsers, providers, reviews } from '../../db/schema';
import { rows as sqlRows } from '../sql/sql-parts';

export interface MyReviewRow {
  id: number;
  appointmentId: string | null;
  providerId: number;
  providerFirstName: string;
  providerLastName: string;
  providerGender: string;
  officeId: number | null;
  officeName: string | null;
  rating: number;
  text: string;
  reviewedAt: Date;
  officeResponse: string | null;
  officeResponseAt: Date | null;
}

const myReviewColumns = {
  id: reviews.id,
  appointmentId: reviews.appointmentId,
  providerId: reviews.providerId,
  providerFirstName: providers.firstName,
  providerLastName: providers.lastName,
  providerGender: providers.gender,
  officeId: reviews.officeId,
  officeName: offices.name,
  rating: reviews.rating,
  text: reviews.text,
  reviewedAt: reviews.reviewedAt,
  officeResponse: reviews.officeResponse,
  officeResponseAt: reviews.officeResponseAt,
};

/** The patient's reviews, newest first (seeded reviews have no patient and never show here). */
export async function listPatientReviews(patientUserId: string): Promise<MyReviewRow[]> {
  const db = await executor();
  return db
    .select(myReviewColumns)
    .from(reviews)
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .leftJoin(offices, eq(offices.id, reviews.officeId))
    .where(eq(reviews.patientUserId, patientUserId))
    .orderBy(desc(reviews.reviewedAt), desc(reviews.id));
}

/** One of the patient's reviews; another patient's id finds nothing, like an unknown one. */
export async function findPatientReview(patientUserId: string, id: number): Promise<MyReviewRow | undefined> {
  const db = await executor();
  const rows = await db
    .select(myReviewColumns)
    .from(reviews)
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .leftJoin(offices, eq(offices.id, reviews.officeId))
    .where(and(eq(reviews.id, id), eq(reviews.patientUserId, patientUserId)))
    .limit(1);
  return rows[0];
}

export interface ReviewableVisitRow {
  appointmentId: string;
  providerId: number;
  providerFirstName: string;
  providerLastName: string;
  providerGender: string;
  officeName: string;
  startsAt: Date;
  patientFirstName: string;
  patientLastName: string;
}

/** The patient's completed appointments that have no review yet, latest first. */
export async function listReviewableVisits(patientUserId: string): Promise<ReviewableVisitRow[]> {
  const db = await executor();
  return db
    .select({
      appointmentId: appointments.id,
      providerId: appointments.providerId,
      providerFirstName: providers.firstName,
      providerLastName: providers.lastName,
      providerGender: providers.gender,
      officeName: offices.name,
      startsAt: appointments.startsAt,
      patientFirstName: sql<string>`coalesce(${familyMembers.firstName}, ${patientAppUsers.firstName})`,
      patientLastName: sql<string>`coalesce(${familyMembers.lastName}, ${patientAppUsers.lastName})`,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .innerJoin(patientAppUsers, eq(patientAppUsers.id, appointments.patientUserId))
    .leftJoin(familyMembers, eq(familyMembers.id, appointments.familyMemberId))
    .leftJoin(reviews, eq(reviews.appointmentId, appointments.id))
    .where(and(eq(appointments.patientUserId, patientUserId), eq(appointments.status, 'completed'), isNull(reviews.id)))
    .orderBy(desc(appointments.startsAt));
}

/** One of the patient's appointments (another patient's finds nothing), with what a review needs. */
export async function findPatientAppointment(
  patientUserId: string,
  id: string,
): Promise<{ id: string; status: string; providerId: number; officeId: number } | undefined> {
  const db = await executor();
  const rows = await db
    .select({
      id: appointments.id,
      status: appointments.status,
      providerId: appointments.providerId,
      officeId: appointments.officeId,
    })
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.patientUserId, patientUserId)))
    .limit(1);
  return rows[0];
}

/**
 * Inserts the review of an appointment; undefined when that appointment already has one (the
 * unique index decides, so two concurrent writes store one review).
 */
export async function insertReview(values: typeof reviews.$inferInsert): Promise<{ id: number } | undefined> {
  const db = await executor();
  const rows = await db.insert(reviews).values(values).onConflictDoNothing().returning({ id: reviews.id });
  return rows[0];
}

export async function updatePatientReview(
  patientUserId: string,
  id: number,
  values: { rating: number; text: string },
): Promise<{ id: number } | undefined> {
  const db = await executor();
  const rows = await db
    .update(reviews)
    .set(values)
    .where(and(eq(reviews.id, id), eq(reviews.patientUserId, patientUserId)))
    .returning({ id: reviews.id });
  return rows[0];
}

export async function deletePatientReview(patientUserId: string, id: number): Promise<boolean> {
  const db = await executor();
  const rows = await db
    .delete(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.patientUserId, patientUserId)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** What the review invitation needs of an appointment. */
export async function findReviewInvitation(appointmentId: string): Promise<
  | {
      id: string;
      language: 'en' | 'es';
      email: string;
      firstName: string;
      providerFirstName: string;
      providerLastName: string;
      providerGender: string;
    }
  | undefined
> {
  const db = await executor();
  const rows = await db
    .select({
      id: appointments.id,
      language: appointments.language,
      email: patientAppUsers.email,
      firstName: patientAppUsers.firstName,
      providerFirstName: providers.firstName,
      providerLastName: providers.lastName,
      providerGender: providers.gender,
    })
    .from(appointments)
    .innerJoin(patientAppUsers, eq(patientAppUsers.id, appointments.patientUserId))
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return rows[0];
}

// ---- Reviews on provider and clinic pages (hand-written SQL) ----

export interface ReviewRow {
  id: number;
  patient_display_name: string;
  rating: number;
  text: string;
  reviewed_at: Date | string;
  office_id: number | null;
  office_name: string | null;
  office_response: string | null;
  office_response_at: Date | string | null;
}

/** Reviews of a provider or at an office, newest first. */
export async function findReviews(
  by: { providerId: number } | { officeId: number },
  limit: number,
  offset: number,
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = 'providerId' in by ? sql`r.provider_id = ${by.providerId}` : sql`r.office_id = ${by.officeId}`;
  const list = await sqlRows<ReviewRow>(sql`
    select r.id::int as id, r.patient_display_name, r.rating, r.text, r.reviewed_at, r.office_id,
           o.name as office_name, r.office_response, r.office_response_at
      from reviews r left join offices o on o.id = r.office_id
     where ${where}
     order by r.reviewed_at desc, r.id desc
     limit ${limit} offset ${offset}`);
  const [count] = await sqlRows<{ total: number }>(sql`select count(*)::int as total from reviews r where ${where}`);
  return { rows: list, total: count?.total ?? 0 };
}

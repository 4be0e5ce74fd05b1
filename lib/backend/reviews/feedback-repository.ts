import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { queryRows } from '../../db/raw';
import { appointments, familyMembers, offices, patientAppUsers, providers, reviews } from '../../db/schema';

export interface FeedbackVisitRow {
  appointmentId: string;
  status: string;
  providerId: number;
  providerFirstName: string;
  providerLastName: string;
  providerGender: string;
  officeId: number;
  officeName: string;
  startsAt: Date;
  timeZone: string;
  patientFirstName: string;
  patientLastName: string;
  reviewId: number | null;
}

/** One of the patient's appointments with what /submit-feedback shows; another patient's finds nothing. */
export async function findFeedbackVisit(
  patientUserId: string,
  appointmentId: string,
): Promise<FeedbackVisitRow | undefined> {
  const db = await executor();
  const rows = await db
    .select({
      appointmentId: appointments.id,
      status: appointments.status,
      providerId: appointments.providerId,
      providerFirstName: providers.firstName,
      providerLastName: providers.lastName,
      providerGender: providers.gender,
      officeId: appointments.officeId,
      officeName: offices.name,
      startsAt: appointments.startsAt,
      timeZone: appointments.timeZone,
      patientFirstName: sql<string>`coalesce(${familyMembers.firstName}, ${patientAppUsers.firstName})`,
      patientLastName: sql<string>`coalesce(${familyMembers.lastName}, ${patientAppUsers.lastName})`,
      reviewId: reviews.id,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .innerJoin(patientAppUsers, eq(patientAppUsers.id, appointments.patientUserId))
    .leftJoin(familyMembers, eq(familyMembers.id, appointments.familyMemberId))
    .leftJoin(reviews, eq(reviews.appointmentId, appointments.id))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.patientUserId, patientUserId)))
    .limit(1);
  return rows[0];
}

/**
 * Claims the completed visits whose feedback email is due: one conditional UPDATE, so two runs
 * side by side (or two processes) claim each visit once. Visits that started more than
 * `withinMs` ago are left alone: rows imported as completed never mail, and a visit weeks old is
 * not worth asking about. Visits already reviewed are claimed too (nothing to ask), but not returned.
 */
export async function claimFeedbackRequests(now: Date, withinMs: number): Promise<string[]> {
  const db = await executor();
  const rows = await queryRows<{ id: string; reviewed: boolean }>(
    db,
    sql`update appointments a set feedback_requested_at = ${now.toISOString()}
         where a.status = 'completed' and a.feedback_requested_at is null
           and a.starts_at > ${new Date(now.getTime() - withinMs).toISOString()}
        returning a.id, exists (select 1 from reviews r where r.appointment_id = a.id) as reviewed`,
  );
  return rows.filter((r) => !r.reviewed).map((r) => r.id);
}

import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/raw';
import { executor } from '../../db/transaction';

/*
 * The earlier-slot waitlist's SQL: entries (one per appointment) and the offers
 * mailed when a slot frees up.
 */

/** Puts an appointment on its provider's list; joining again keeps the first place in line. */
export async function insertWaitlistEntry(
  appointmentId: string,
  providerId: number,
  language: 'en' | 'es',
): Promise<void> {
  const db = await executor();
  await db.execute(
    sql`insert into appointment_waitlist (appointment_id, provider_id, language)
        values (${appointmentId}, ${providerId}, ${language})
        on conflict (appointment_id) do nothing`,
  );
}

export async function deleteWaitlistEntry(appointmentId: string): Promise<void> {
  const db = await executor();
  await db.execute(sql`delete from appointment_waitlist where appointment_id = ${appointmentId}`);
}

export async function findWaitlistEntry(appointmentId: string): Promise<{ created_at: Date | string } | undefined> {
  const db = await executor();
  const [row] = await queryRows<{ created_at: Date | string }>(
    db,
    sql`select created_at from appointment_waitlist where appointment_id = ${appointmentId}`,
  );
  return row;
}

/** A waitlisted appointment a freed slot could go to. */
export interface WaitingAppointment {
  appointment_id: string;
  language: 'en' | 'es';
  visit_type: 'inOffice' | 'virtual';
  patient_type: 'existing' | 'new';
}

/**
 * The live appointments with this provider, waitlisted and starting after `slotStart`, in the
 * order their patients joined (first come, first told). `excluding` is the appointment whose
 * move freed the slot.
 */
export async function findWaitingFor(
  providerId: number,
  slotStart: Date,
  excluding: string,
  limit: number,
): Promise<WaitingAppointment[]> {
  const db = await executor();
  return queryRows<WaitingAppointment>(
    db,
    sql`select w.appointment_id, w.language, a.visit_type, a.patient_type
          from appointment_waitlist w
          join appointments a on a.id = w.appointment_id
         where w.provider_id = ${providerId}
           and a.status in ('scheduled', 'confirmed')
           and a.starts_at > ${slotStart.toISOString()}
           and a.id <> ${excluding}
         order by w.created_at, w.appointment_id
         limit ${limit}`,
  );
}

/** Records an offer; undefined when this slot was already offered to this appointment. */
export async function insertOffer(
  appointmentId: string,
  officeId: number,
  slotStart: Date,
): Promise<string | undefined> {
  const db = await executor();
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into waitlist_offers (appointment_id, office_id, slot_start)
        values (${appointmentId}, ${officeId}, ${slotStart.toISOString()})
        on conflict (appointment_id, slot_start) do nothing
        returning id`,
  );
  return row?.id;
}

export interface OfferRow {
  id: string;
  appointment_id: string;
  office_id: number;
  slot_start: Date;
  accepted_at: Date | null;
  provider_id: number;
  office_name: string;
  office_address_line: string;
  office_city: string;
  office_state: string;
  office_zip: string;
  office_time_zone: string;
}

/**
 * One offer of the patient's (another patient's is as unknown as a missing one), with the
 * offered office; `lock` holds it until the transaction ends, so a double click takes it once.
 */
export async function findOffer(id: string, owner: string, lock = false): Promise<OfferRow | undefined> {
  const db = await executor();
  const [row] = await queryRows<OfferRow>(
    db,
    sql`select wo.id, wo.appointment_id, wo.office_id, wo.slot_start, wo.accepted_at, a.provider_id,
               o.name as office_name, o.address_line as office_address_line, o.city as office_city,
               o.state as office_state, o.zip as office_zip, o.time_zone as office_time_zone
          from waitlist_offers wo
          join appointments a on a.id = wo.appointment_id
          join offices o on o.id = wo.office_id
         where wo.id = ${id} and a.patient_user_id = ${owner}
         ${lock ? sql`for update of wo` : sql``}`,
  );
  return (
    row && { ...row, slot_start: new Date(row.slot_start), accepted_at: row.accepted_at && new Date(row.accepted_at) }
  );
}

export async function markOfferAccepted(id: string, now: Date): Promise<void> {
  const db = await executor();
  await db.execute(sql`update waitlist_offers set accepted_at = ${now.toISOString()} where id = ${id}`);
}

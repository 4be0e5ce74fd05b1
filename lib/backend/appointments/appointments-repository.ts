import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/raw';
import { appointmentEvents, appointmentImages, appointments } from '../../db/schema';
import { executor } from '../../db/transaction';
import type { AppointmentStatus, AppointmentTab } from '../../contracts/appointments';

/*
 * Appointments' SQL. The double-booking rules are constraints of the table
 * (migration 0014); this module turns their violations into a typed answer instead of letting
 * a driver error escape.
 */

export type AppointmentInsert = typeof appointments.$inferInsert;
export type AppointmentPatch = Partial<
  Omit<AppointmentInsert, 'id' | 'patientUserId' | 'idempotencyKey' | 'requestHash'>
>;

/** Which rule a failed insert or update broke. */
export type Conflict = 'idempotencyKey' | 'providerBusy' | 'attendeeBusy';

const CONSTRAINTS: Record<string, Conflict> = {
  appointments_idempotency_idx: 'idempotencyKey',
  appointments_provider_no_overlap: 'providerBusy',
  appointments_attendee_no_overlap: 'attendeeBusy',
};

/** The rule behind a unique (23505) or exclusion (23P01) violation, looked for through Drizzle's wrapping. */
export function conflictOf(error: unknown): Conflict | undefined {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if ((e.code === '23505' || e.code === '23P01') && e.constraint && CONSTRAINTS[e.constraint])
      return CONSTRAINTS[e.constraint];
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * Two inserts for one slot each check the exclusion constraint against the other's uncommitted
 * row and wait for each other; PostgreSQL breaks the tie by aborting one with 40P01. The
 * transaction is then simply retried: the winner has committed by then, and the retry gets the
 * constraint's own answer (23P01, slot taken).
 */
export function isDeadlock(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '40P01') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Inserts an appointment and its first status event ('scheduled', by `actor`) in one statement
 * (one round trip fewer per booking); a broken double-booking or idempotency rule is thrown as
 * a ConflictError.
 */
export async function insertAppointment(
  row: AppointmentInsert,
  actor: 'patient' | 'office' | 'system' = 'patient',
): Promise<string> {
  const db = await executor();
  const insert = db.insert(appointments).values(row).returning({ id: appointments.id });
  // A hold is not an appointment yet: its 'scheduled' event is written when it is confirmed.
  const logged = row.status === HOLD_STATUS ? 'false' : 'true';
  try {
    const [inserted] = await queryRows<{ id: string }>(
      db,
      sql`with inserted as (${insert.getSQL()}),
               logged as (insert into appointment_events (appointment_id, from_status, to_status, actor)
                          select id, null, 'scheduled', ${actor} from inserted where ${sql.raw(logged)})
          select id from inserted`,
    );
    return inserted!.id;
  } catch (error) {
    const conflict = conflictOf(error);
    if (conflict) throw new ConflictError(conflict);
    throw error;
  }
}

/**
 * The status of a slot held while its fee is charged (lib/docs/decisions/payments.md). The
 * exclusion constraints count it like any live appointment; nobody is shown it.
 */
export const HOLD_STATUS = 'pendingPayment' as const;

/** A hold becomes the booked appointment with its charge; false when the hold is gone. */
export async function confirmHold(id: string, patch: AppointmentPatch, actor: 'patient' | 'system'): Promise<boolean> {
  const db = await executor();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with moved as (
          update appointments
             set status = 'scheduled', hold_expires_at = null, transaction_id = ${patch.transactionId ?? null},
                 card_brand = ${patch.cardBrand ?? null}, card_last4 = ${patch.cardLast4 ?? null},
                 paid_at = ${patch.paidAt?.toISOString() ?? null}, updated_at = now()
           where id = ${id} and status = ${HOLD_STATUS}
          returning id
        ),
        logged as (
          insert into appointment_events (appointment_id, from_status, to_status, actor)
          select id, null, 'scheduled', ${actor} from moved
        )
        select id from moved`,
  );
  return rows.length === 1;
}

/** Releases a hold (its row goes: it never was an appointment). False when it is not a hold any more. */
export async function deleteHold(id: string): Promise<boolean> {
  const db = await executor();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from appointments where id = ${id} and status = ${HOLD_STATUS} returning id`,
  );
  return rows.length === 1;
}

/**
 * Expired holds in the way of a new booking (the provider's time or the attendee's) are released
 * first, so a hold left by a dead process frees its slot at its expiry, not at the next
 * reconciliation run. Their payment attempts are then settled by the job (a charge without its
 * hold is voided).
 */
export async function releaseExpiredHolds(
  slot: { providerId: number; attendeeId: string; start: Date; end: Date },
  now: Date,
): Promise<number> {
  const db = await executor();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from appointments
         where status = ${HOLD_STATUS} and hold_expires_at <= ${now.toISOString()}
           and (provider_id = ${slot.providerId} or attendee_id = ${slot.attendeeId})
           and tstzrange(starts_at, ends_at) && tstzrange(${slot.start.toISOString()}::timestamptz, ${slot.end.toISOString()}::timestamptz)
        returning id`,
  );
  return rows.length;
}

/**
 * Locks the account's row while a booking counts its upcoming appointments, so two concurrent
 * bookings of one account count one after the other (FOR NO KEY UPDATE: inserts that merely
 * reference the account are not blocked).
 */
export async function lockPatientForBooking(userId: string): Promise<void> {
  const db = await executor();
  await queryRows(db, sql`select id from patient_app_users where id = ${userId} for no key update`);
}

/**
 * Serializes the transactions that take a slot of one provider. The exclusion constraints alone
 * keep a slot sold once, but two inserts of one slot that both reach the index before either
 * checks wait for each other: PostgreSQL ends one as a deadlock only after deadlock_timeout
 * (1 s), and among forty racing requests such rounds follow one another for tens of seconds.
 * Queued on this lock, each insert sees its predecessor committed and fails at once. Taken after
 * the patient's row lock, always in that order.
 */
export async function lockProviderSchedule(providerId: number): Promise<void> {
  const db = await executor();
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`provider-schedule:${providerId}`}))`);
}

/** Live upcoming appointments and unexpired holds of the attendee, in all and with one provider. */
export async function countUpcomingForBooking(
  input: { patientUserId: string; attendeeId: string; providerId: number; replacing?: string },
  now: Date,
): Promise<{ attendee: number; withProvider: number }> {
  const db = await executor();
  const at = now.toISOString();
  const [row] = await queryRows<{ attendee: number; with_provider: number }>(
    db,
    sql`select count(*)::int as attendee, count(*) filter (where provider_id = ${input.providerId})::int as with_provider
          from appointments
         where patient_user_id = ${input.patientUserId} and attendee_id = ${input.attendeeId}
           and ends_at > ${at}
           and (status in ('scheduled', 'confirmed') or (status = ${HOLD_STATUS} and hold_expires_at > ${at}))
           ${input.replacing ? sql`and id <> ${input.replacing}` : sql``}`,
  );
  return { attendee: row?.attendee ?? 0, withProvider: row?.with_provider ?? 0 };
}

export class ConflictError extends Error {
  constructor(readonly conflict: Conflict) {
    super(conflict);
  }
}

export async function updateAppointment(id: string, patch: AppointmentPatch): Promise<void> {
  const db = await executor();
  try {
    await db
      .update(appointments)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(appointments.id, id));
  } catch (error) {
    const conflict = conflictOf(error);
    if (conflict) throw new ConflictError(conflict);
    throw error;
  }
}

export async function insertAppointmentImages(appointmentId: string, imageIds: readonly string[]): Promise<void> {
  if (!imageIds.length) return;
  const db = await executor();
  await db
    .insert(appointmentImages)
    .values(imageIds.map((imageId, position) => ({ appointmentId, imageId, position })));
}

export async function insertAppointmentEvent(event: typeof appointmentEvents.$inferInsert): Promise<void> {
  const db = await executor();
  await db.insert(appointmentEvents).values(event);
}

/** The id and request hash of a patient's booking under an idempotency key. */
export async function findByIdempotencyKey(
  patientUserId: string,
  idempotencyKey: string,
): Promise<{ id: string; requestHash: string; status: string } | undefined> {
  const db = await executor();
  const [row] = await db
    .select({ id: appointments.id, requestHash: appointments.requestHash, status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.patientUserId, patientUserId), eq(appointments.idempotencyKey, idempotencyKey)));
  return row;
}

/** What the lifecycle rules read of an appointment (cancel, reschedule, office moves, jobs). */
export interface AppointmentState {
  id: string;
  patient_user_id: string;
  family_member_id: string | null;
  provider_id: number;
  office_id: number;
  status: AppointmentStatus;
  starts_at: Date;
  ends_at: Date;
  visit_type: 'inOffice' | 'virtual';
  patient_type: 'existing' | 'new';
  fee_cents: number;
  transaction_id: string | null;
  card_last4: string | null;
  refund_status: string | null;
  sequence: number;
  language: 'en' | 'es';
  rescheduled_from_id: string | null;
}

/**
 * One appointment's state, locked until the transaction ends, so two cancels or a cancel and an
 * office move of the same appointment take turns: the second sees the first's result
 * (cancelling twice refunds once). `owner` limits it to the patient's own. FOR NO KEY UPDATE,
 * not FOR UPDATE: rows that merely reference the appointment (its events, a waitlist offer made
 * by another patient's move) can still be inserted, so a move that offers its freed slot never
 * waits on an appointment that is itself waiting to move.
 */
export async function lockAppointment(id: string, owner?: string): Promise<AppointmentState | undefined> {
  const db = await executor();
  const [row] = await queryRows<AppointmentState>(
    db,
    sql`select id, patient_user_id, family_member_id, provider_id, office_id, status, starts_at, ends_at, visit_type,
               patient_type, fee_cents, transaction_id, card_last4, refund_status, sequence, language, rescheduled_from_id
          from appointments
         where id = ${id} and status <> ${HOLD_STATUS} ${owner === undefined ? sql`` : sql`and patient_user_id = ${owner}`}
         for no key update`,
  );
  return row && { ...row, starts_at: new Date(row.starts_at), ends_at: new Date(row.ends_at) };
}

/** A paid booking's row, hold or not, locked for its confirmation (lockAppointment skips holds). */
export async function lockForConfirmation(id: string): Promise<
  | {
      id: string;
      status: string;
      transaction_id: string | null;
      patient_user_id: string;
      rescheduled_from_id: string | null;
    }
  | undefined
> {
  const db = await executor();
  const [row] = await queryRows<{
    id: string;
    status: string;
    transaction_id: string | null;
    patient_user_id: string;
    rescheduled_from_id: string | null;
  }>(
    db,
    sql`select id, status, transaction_id, patient_user_id, rescheduled_from_id from appointments where id = ${id} for update`,
  );
  return row;
}

/** Everything the appointment's DTO shows, joined in one statement. */
export interface AppointmentRow {
  id: string;
  status: AppointmentStatus;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  visit_type: 'inOffice' | 'virtual';
  patient_type: 'existing' | 'new';
  notes: string;
  fee_cents: number;
  transaction_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  paid_at: Date | string | null;
  refund_status: 'notApplicable' | 'notEligible' | 'refunded' | 'manual' | null;
  refund_amount_cents: number | null;
  refund_transaction_id: string | null;
  canceled_at: Date | string | null;
  canceled_by: 'patient' | 'office' | 'system' | null;
  cancel_reason: 'patient' | 'office' | 'rescheduled' | 'noShow' | 'accountDeleted' | null;
  rescheduled_from_id: string | null;
  sequence: number;
  language: 'en' | 'es';
  created_at: Date | string;
  provider_id: number;
  provider_first_name: string;
  provider_last_name: string;
  provider_title: string;
  provider_gender: string;
  provider_photo_url: string | null;
  office_id: number;
  office_name: string;
  office_phone: string;
  office_address_line: string;
  office_suite: string | null;
  office_city: string;
  office_state: string;
  office_zip: string;
  office_country_code: string;
  office_latitude: number;
  office_longitude: number;
  reason_id: number;
  reason_slug: string;
  reason_name_en: string;
  reason_name_es: string;
  patient_user_id: string;
  family_member_id: string | null;
  patient_first_name: string;
  patient_last_name: string;
  patient_email: string;
  account_first_name: string;
  relationship: string | null;
  carrier_name: string | null;
  plan_name: string | null;
  images: { id: string; width: number; height: number }[] | null;
}

const SELECT_APPOINTMENT = sql`
  select a.id, a.status, a.starts_at, a.ends_at, a.time_zone, a.visit_type, a.patient_type, a.notes, a.fee_cents,
         a.transaction_id, a.card_brand, a.card_last4, a.paid_at, a.refund_status, a.refund_amount_cents,
         a.refund_transaction_id, a.canceled_at, a.canceled_by, a.cancel_reason, a.rescheduled_from_id, a.sequence,
         a.language, a.created_at,
         p.id as provider_id, p.first_name as provider_first_name, p.last_name as provider_last_name,
         p.title as provider_title, p.gender as provider_gender, p.photo_url as provider_photo_url,
         o.id as office_id, o.name as office_name, o.phone as office_phone, o.address_line as office_address_line,
         o.suite as office_suite, o.city as office_city, o.state as office_state, o.zip as office_zip,
         o.country_code as office_country_code, o.latitude as office_latitude, o.longitude as office_longitude,
         r.id as reason_id, r.slug as reason_slug, r.name_en as reason_name_en, r.name_es as reason_name_es,
         a.patient_user_id, a.family_member_id,
         coalesce(f.first_name, u.first_name) as patient_first_name,
         coalesce(f.last_name, u.last_name) as patient_last_name,
         u.email as patient_email, u.first_name as account_first_name,
         f.relationship,
         c.name as carrier_name, ip.name as plan_name,
         (select json_agg(json_build_object('id', i.id, 'width', i.width, 'height', i.height) order by ai.position)
            from appointment_images ai join images i on i.id = ai.image_id
           where ai.appointment_id = a.id) as images
    from appointments a
    join providers p on p.id = a.provider_id
    join offices o on o.id = a.office_id
    join visit_reasons r on r.id = a.visit_reason_id
    join patient_app_users u on u.id = a.patient_user_id
    left join family_members f on f.id = a.family_member_id
    left join insurance_plans ip on ip.id = a.insurance_plan_id
    left join insurance_carriers c on c.id = ip.carrier_id`;

/** One appointment with everything it shows; `owner` limits it to the patient's own. */
export async function findAppointment(id: string, owner?: string): Promise<AppointmentRow | undefined> {
  const db = await executor();
  // Prepared: the 8-table join costs more to plan than to run (lib/docs/decisions/benchmark.md).
  const [row] = await queryRows<AppointmentRow>(
    db,
    owner === undefined
      ? sql`${SELECT_APPOINTMENT} where a.id = ${id}`
      : // A hold is nobody's appointment yet: its patient does not see it either.
        sql`${SELECT_APPOINTMENT} where a.id = ${id} and a.patient_user_id = ${owner} and a.status <> ${HOLD_STATUS}`,
    { prepared: true },
  );
  return row;
}

/**
 * Which appointments each tab holds: upcoming are live and not yet over (soonest first); past
 * are over or done, not canceled (latest first); canceled, latest first.
 */
function tabCondition(tab: AppointmentTab, now: Date) {
  const at = now.toISOString();
  switch (tab) {
    case 'upcoming':
      return {
        where: sql`a.status in ('scheduled', 'confirmed') and a.ends_at > ${at}`,
        order: sql`a.starts_at asc, a.id`,
      };
    case 'past':
      return {
        where: sql`a.status in ('scheduled', 'confirmed', 'completed', 'noShow') and (a.ends_at <= ${at} or a.status in ('completed', 'noShow'))`,
        order: sql`a.starts_at desc, a.id`,
      };
    case 'canceled':
      return { where: sql`a.status = 'canceled'`, order: sql`a.starts_at desc, a.id` };
  }
}

/** A page of a patient's appointments in one tab, and how many the tab holds. */
export async function listAppointments(
  owner: string,
  tab: AppointmentTab,
  now: Date,
  limit: number,
  offset: number,
): Promise<{ rows: AppointmentRow[]; total: number }> {
  const db = await executor();
  const { where, order } = tabCondition(tab, now);
  // The page's ids first (an index range on the patient's appointments), then the joined rows
  // of those ids only (primary-key lookups): a single statement let the planner join every
  // appointment in the table before picking the page.
  const [page, [count]] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      sql`select a.id from appointments a where a.patient_user_id = ${owner} and ${where}
           order by ${order} limit ${limit} offset ${offset}`,
      { prepared: true },
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from appointments a where a.patient_user_id = ${owner} and ${where}`,
      { prepared: true },
    ),
  ]);
  const total = count?.total ?? 0;
  if (!page.length) return { rows: [], total };
  const found = await queryRows<AppointmentRow>(
    db,
    sql`${SELECT_APPOINTMENT} where a.id = any(${`{${page.map((r) => r.id).join(',')}}`}::uuid[])`,
    { prepared: true },
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  return { rows: page.flatMap((r) => byId.get(r.id) ?? []), total };
}

/**
 * Live (not canceled) appointments of these providers overlapping [from, to): the busy time
 * every slot computation subtracts. One statement for a whole listing; the partial index
 * appointments_provider_busy_idx answers it.
 */
export async function findBusyIntervals(
  providerIds: readonly number[],
  from: Date,
  to: Date,
): Promise<{ provider_id: number; start_ms: number; end_ms: number }[]> {
  if (!providerIds.length) return [];
  const db = await executor();
  const ids = `{${providerIds.filter((v) => Number.isSafeInteger(v)).join(',')}}`;
  return queryRows(
    db,
    sql`select provider_id,
               (extract(epoch from starts_at) * 1000)::float8 as start_ms,
               (extract(epoch from ends_at) * 1000)::float8 as end_ms
          from appointments
         where provider_id = any(${ids}::int[])
           and status <> 'canceled'
           -- A hold past its expiry no longer blocks the slot (a booking releases it on the way).
           and (status <> ${HOLD_STATUS} or hold_expires_at > now())
           and starts_at < ${to.toISOString()} and starts_at > ${new Date(from.getTime() - 86_400_000).toISOString()}
           and ends_at > ${from.toISOString()}`,
  );
}

/** Teeth images among `ids` that are the patient's own. */
export async function countOwnTeethImages(owner: string, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const db = await executor();
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from images where owner_id = ${owner} and purpose = 'teeth' and id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return row?.n ?? 0;
}

/** The provider's teledental fee and whether the visit reason and insurance plan exist. */
export async function findBookingFacts(
  providerId: number,
  visitReasonId: number,
  insurancePlanId: number | undefined,
): Promise<{ fee_cents: number | null; reason_exists: boolean; plan_exists: boolean }> {
  const db = await executor();
  const [row] = await queryRows<{ fee_cents: number | null; reason_exists: boolean; plan_exists: boolean }>(
    db,
    sql`select (select teledental_fee_cents from providers where id = ${providerId}) as fee_cents,
               exists (select 1 from visit_reasons where id = ${visitReasonId}) as reason_exists,
               ${insurancePlanId === undefined ? sql`true` : sql`exists (select 1 from insurance_plans where id = ${insurancePlanId})`} as plan_exists`,
  );
  return row!;
}

// ---- Office-facing API ----

/** The office a live API key belongs to (keys are stored as their SHA-256). */
export async function findOfficeIdByKeyHash(keyHash: string): Promise<number | undefined> {
  const db = await executor();
  const [row] = await queryRows<{ office_id: number }>(
    db,
    sql`select office_id from office_api_keys where key_hash = ${keyHash} and revoked_at is null`,
  );
  return row?.office_id;
}

export interface OfficeAppointmentRow {
  id: string;
  provider_id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  status: AppointmentStatus;
  visit_type: 'inOffice' | 'virtual';
  patient_type: 'existing' | 'new';
  notes: string;
  reason_en: string;
  reason_es: string;
  patient_first_name: string;
  patient_last_name: string;
}

const SELECT_OFFICE_APPOINTMENT = sql`
  select a.id, a.provider_id, a.starts_at, a.ends_at, a.status, a.visit_type, a.patient_type, a.notes,
         r.name_en as reason_en, r.name_es as reason_es,
         coalesce(f.first_name, u.first_name) as patient_first_name,
         coalesce(f.last_name, u.last_name) as patient_last_name
    from appointments a
    join visit_reasons r on r.id = a.visit_reason_id
    join patient_app_users u on u.id = a.patient_user_id
    left join family_members f on f.id = a.family_member_id`;

/** An office's appointments starting in [from, to), in time order. */
export async function listOfficeAppointments(officeId: number, from: Date, to: Date): Promise<OfficeAppointmentRow[]> {
  const db = await executor();
  return queryRows<OfficeAppointmentRow>(
    db,
    sql`${SELECT_OFFICE_APPOINTMENT}
         where a.office_id = ${officeId} and a.starts_at >= ${from.toISOString()} and a.starts_at < ${to.toISOString()}
           and a.status <> ${HOLD_STATUS}
         order by a.starts_at, a.id limit 2000`,
  );
}

export async function findOfficeAppointment(officeId: number, id: string): Promise<OfficeAppointmentRow | undefined> {
  const db = await executor();
  const [row] = await queryRows<OfficeAppointmentRow>(
    db,
    sql`${SELECT_OFFICE_APPOINTMENT} where a.id = ${id} and a.office_id = ${officeId} and a.status <> ${HOLD_STATUS}`,
  );
  return row;
}

/** The office of an appointment, for the lock-then-check of an office move. */
export async function officeOfAppointment(id: string): Promise<number | undefined> {
  const db = await executor();
  const [row] = await queryRows<{ office_id: number }>(db, sql`select office_id from appointments where id = ${id}`);
  return row?.office_id;
}

// ---- Jobs ----

/**
 * Live appointments whose end passed `graceMs` ago without a check-in become No Show; one
 * conditional UPDATE, so two runs at once change each row once. Answers the changed rows.
 */
export async function markNoShows(
  now: Date,
  graceMs: number,
): Promise<{ id: string; from_status: AppointmentStatus }[]> {
  const db = await executor();
  return queryRows(
    db,
    sql`with due as (
          select id, status from appointments
           where status in ('scheduled', 'confirmed') and ends_at <= ${new Date(now.getTime() - graceMs).toISOString()}
           for update skip locked
        ),
        moved as (
          update appointments a set status = 'noShow', updated_at = now()
            from due where a.id = due.id
          returning a.id, due.status as from_status
        ),
        logged as (
          insert into appointment_events (appointment_id, from_status, to_status, actor)
          select id, from_status, 'noShow', 'system' from moved
        )
        select id, from_status from moved`,
  );
}

/** No Show appointments older than `afterMs` are canceled (SPEC.md section 4), without refund. */
export async function cancelNoShows(now: Date, afterMs: number): Promise<number> {
  const db = await executor();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with moved as (
          update appointments
             set status = 'canceled', canceled_at = ${now.toISOString()}, canceled_by = 'system', cancel_reason = 'noShow',
                 refund_status = case when fee_cents > 0 and transaction_id is not null then 'notEligible' else 'notApplicable' end,
                 refund_amount_cents = 0, updated_at = now()
           where status = 'noShow' and ends_at <= ${new Date(now.getTime() - afterMs).toISOString()}
          returning id
        ),
        logged as (
          insert into appointment_events (appointment_id, from_status, to_status, actor)
          select id, 'noShow', 'canceled', 'system' from moved
        )
        select id from moved`,
  );
  return rows.length;
}

/**
 * Claims the live appointments starting within `withinMs` whose reminder is not sent, marking
 * them sent in the same statement: the reminder goes out once even if two runs overlap.
 */
export async function claimReminders(now: Date, withinMs: number): Promise<string[]> {
  const db = await executor();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update appointments set reminder_sent_at = ${now.toISOString()}
         where status in ('scheduled', 'confirmed') and reminder_sent_at is null
           and starts_at > ${now.toISOString()} and starts_at <= ${new Date(now.getTime() + withinMs).toISOString()}
           -- Booked within the window: the booking email was the reminder.
           and created_at <= starts_at - ${`${withinMs} milliseconds`}::interval
        returning id`,
  );
  return rows.map((r) => r.id);
}

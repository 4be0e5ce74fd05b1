import 'server-only';
import crypto from 'node:crypto';
import {
  DEFAULT_APPOINTMENT_PAGE_SIZE,
  type Appointment,
  type AppointmentListQuery,
  type AppointmentPage,
  type BookAppointmentInput,
  type RescheduleRequest,
} from '../../contracts/appointments';
import { SLOT_MINUTES } from '../../contracts/discovery';
import { afterCommit, inTransaction } from '../../db/transaction';
import type { Locale } from '../../i18n/languages';
import { paymentGateway } from '../adapters/payments/payment-adapter';
import { PaymentError, type ChargeResult, type SavedCardRef } from '../adapters/payments/payment-gateway';
import { chargeSourceFor } from '../cards/cards-service';
import { paymentApiError } from '../cards/payment-errors';
import { ApiError } from '../errors';
import { findOwnFamilyMember } from '../family/family-service';
import { findProviderSchedule } from '../providers/providers-repository';
import { findUserById } from '../users/users-repository';
import { slotsOnDay } from '../scheduling/slots';
import type { AuthenticatedSession } from '../auth/auth-service';
import { endWaitlistEntry, offerFreedSlot } from '../waitlist/waitlist-notify';
import { isChangeable, localDateTime, refundEligible, toAppointmentDto } from './appointment-dto';
import { appointmentInvite, queueAppointmentEmail } from './appointment-emails';
import {
  ConflictError,
  isDeadlock,
  countOwnTeethImages,
  findAppointment,
  findBookingFacts,
  findByIdempotencyKey,
  insertAppointment,
  insertAppointmentEvent,
  insertAppointmentImages,
  listAppointments as listAppointmentRows,
  lockAppointment,
  updateAppointment,
  type AppointmentState,
} from './appointments-repository';

/*
 * Booking and the patient's side of an appointment's life (issue 12; SPEC.md sections 4-5).
 * The rules are enforced here and by the table's constraints, never only by the form.
 */

const badField = (path: string, message: 'validation.invalid' | 'validation.required' = 'validation.invalid') =>
  new ApiError('badRequest', 'api.badRequest', { fields: [{ path, message }] });

/** A double-booking rule the database refused, as the patient's message. */
function conflictError(error: ConflictError): ApiError {
  return error.conflict === 'attendeeBusy' ? new ApiError('alreadyBooked') : new ApiError('slotTaken');
}

/** What booking or moving to a slot needs to know of the provider at that office. */
interface SlotCheck {
  providerId: number;
  officeId: number;
  slotStart: string;
  visitType: 'inOffice' | 'virtual';
  patientType: 'existing' | 'new';
}

/**
 * The slot must be one the provider offers at that office (their working day, the office's
 * hours, in its time zone, not in the past); the visit must be one the office takes. Busy time
 * is left to the constraints: a slot taken by now is refused on insert, atomically.
 */
async function checkSlot(check: SlotCheck, now: Date): Promise<{ timeZone: string; start: Date; end: Date }> {
  const schedule = await findProviderSchedule(check.providerId, check.officeId);
  if (!schedule) throw new ApiError('notFound', 'api.officeNotFound');
  const start = new Date(check.slotStart);
  const { localDate } = localDateTime(start, schedule.time_zone);
  const offered = slotsOnDay(
    { timeZone: schedule.time_zone, businessHours: schedule.business_hours, workingDays: schedule.working_days },
    localDate,
    now,
  ).some((slot) => Date.parse(slot.start) === start.getTime());
  if (!offered) throw new ApiError('providerUnavailable');
  if (check.patientType === 'new' && !schedule.accepts_new_patients) throw new ApiError('newPatientsNotAccepted');
  if (check.visitType === 'virtual' && !(schedule.offers_teledental && schedule.teledental_payment_ready)) {
    throw new ApiError('teledentalUnavailable');
  }
  return { timeZone: schedule.time_zone, start, end: new Date(start.getTime() + SLOT_MINUTES * 60_000) };
}

/** JSON with object keys in sorted order at every level, so equal requests hash equally. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The request without its key and card token: what makes a retry "the same booking". */
function requestHash(input: BookAppointmentInput): string {
  const { idempotencyKey: _key, payment, ...rest } = input;
  // A retried attempt carries a fresh single-use token; which card it is stays the same.
  const paymentShape = payment && (payment.kind === 'savedCard' ? payment : { kind: payment.kind, saveCard: payment.saveCard });
  return crypto.createHash('sha256').update(canonicalJson({ ...rest, payment: paymentShape ?? null })).digest('hex');
}

async function answerExisting(userId: string, input: BookAppointmentInput, locale: Locale): Promise<Appointment | undefined> {
  const existing = await findByIdempotencyKey(userId, input.idempotencyKey);
  if (!existing) return undefined;
  if (existing.requestHash !== requestHash(input)) throw new ApiError('idempotencyKeyReused');
  const row = await findAppointment(existing.id, userId);
  return row && toAppointmentDto(row, locale);
}

// POST /v4/appointments
export async function bookAppointment(
  auth: AuthenticatedSession,
  input: BookAppointmentInput,
  locale: Locale,
  now: Date = new Date(),
): Promise<Appointment> {
  // A retry of a booking that went through answers that booking: no second appointment or charge.
  const earlier = await answerExisting(auth.userId, input, locale);
  if (earlier) return earlier;

  const [user, slot, facts, member, ownImages] = await Promise.all([
    findUserById(auth.userId),
    checkSlot(input, now),
    findBookingFacts(input.providerId, input.visitReasonId, input.insurancePlanId),
    input.familyMemberId ? findOwnFamilyMember(auth.userId, input.familyMemberId) : undefined,
    countOwnTeethImages(auth.userId, input.imageIds),
  ]);
  if (!user) throw new ApiError('notAuthorized');
  if (!facts.reason_exists) throw badField('visitReasonId');
  if (!facts.plan_exists) throw badField('insurancePlanId');
  // Someone else's family member, image or appointment is as unknown as a missing one.
  if (input.familyMemberId && !member) throw new ApiError('notFound');
  if (new Set(input.imageIds).size !== input.imageIds.length || ownImages !== input.imageIds.length) throw new ApiError('notFound');

  // Teledental visits charge the provider's teledental fee; in-office visits are paid at the office (README "Payments").
  const feeCents = input.visitType === 'virtual' ? (facts.fee_cents ?? 0) : 0;
  if (feeCents > 0 && !input.payment) throw new ApiError('paymentRequired');

  return withDeadlockRetry(() => bookOnce(auth, input, locale, now, user, slot, feeCents));
}

/**
 * Racing writes for one slot can deadlock on the exclusion constraint (each waits for the
 * other's uncommitted row) before anything outside the database happened; PostgreSQL aborts
 * one, and a retry then sees the winner's committed row and answers "slot taken".
 */
export async function withDeadlockRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt < 3 && isDeadlock(error)) continue;
      throw error;
    }
  }
}

async function bookOnce(
  auth: AuthenticatedSession,
  input: BookAppointmentInput,
  locale: Locale,
  now: Date,
  user: { email: string },
  slot: { timeZone: string; start: Date; end: Date },
  feeCents: number,
): Promise<Appointment> {
  let charge: ChargeResult | undefined;
  // A card saved during this booking (Accept.js tokens are single use, so it is saved and then
  // charged): our row rolls back with a failed booking, the gateway's copy must be removed too.
  let savedNow: SavedCardRef | undefined;
  let refundAfterCommit: (() => Promise<void>) | undefined;
  try {
    // The row read inside the transaction, after its last change: what commits, so the answer
    // is built from it instead of reading the appointment again after commit.
    const row = await inTransaction(async () => {
      // The replaced appointment is locked and checked before the new row names it: someone
      // else's or an unknown id is a 404 here, not a foreign-key failure (a 500) at the insert.
      const replaced = input.rescheduleOf ? await lockReplaced(auth.userId, input.rescheduleOf, now) : undefined;
      // The insert takes the slot: the exclusion constraints refuse a taken slot or a patient's
      // second appointment at that time, even when requests race (the loser waits, then fails).
      // It also writes the 'scheduled' event of the audit trail.
      const appointmentId = await insertAppointment({
        patientUserId: auth.userId,
        familyMemberId: input.familyMemberId ?? null,
        providerId: input.providerId,
        officeId: input.officeId,
        startsAt: slot.start,
        endsAt: slot.end,
        timeZone: slot.timeZone,
        visitType: input.visitType,
        visitReasonId: input.visitReasonId,
        patientType: input.patientType,
        insurancePlanId: input.insurancePlanId ?? null,
        notes: input.notes,
        language: locale,
        feeCents,
        idempotencyKey: input.idempotencyKey,
        requestHash: requestHash(input),
        rescheduledFromId: input.rescheduleOf ?? null,
      });
      await insertAppointmentImages(appointmentId, input.imageIds);

      if (replaced) refundAfterCommit = await markCanceled(replaced, 'patient', 'rescheduled', now);

      if (feeCents > 0) {
        const { source } = await chargeSourceFor({ userId: auth.userId, email: user.email }, input.payment!);
        if (source.kind === 'saved' && input.payment!.kind === 'newCard') savedNow = source.card;
        // The charge is the last outside step: if it fails the transaction rolls back and nothing is booked.
        charge = await paymentGateway().charge({
          amountCents: feeCents,
          source,
          reference: input.idempotencyKey,
          description: `Teledental visit ${slot.start.toISOString()}`,
          customerId: auth.userId,
        });
        await updateAppointment(appointmentId, {
          transactionId: charge.transactionId,
          cardBrand: charge.brand,
          cardLast4: charge.last4,
          paidAt: now,
        });
      }
      const booked = (await findAppointment(appointmentId, auth.userId))!;
      await queueAppointmentEmail(input.rescheduleOf ? 'rescheduled' : 'booked', booked);
      return booked;
    });
    if (refundAfterCommit) afterCommit(refundAfterCommit);
    return toAppointmentDto(row, locale, now);
  } catch (error) {
    // The booking failed after its charge went through: give the money back (void before settlement).
    if (charge) await voidQuietly(charge.transactionId);
    if (savedNow) await paymentGateway().deleteCard(savedNow).catch((e) => console.error('[booking] could not remove a card saved by a failed booking', e));
    if (error instanceof ConflictError) {
      // A concurrent request with the same key won the race: answer its booking.
      if (error.conflict === 'idempotencyKey') {
        const same = await answerExisting(auth.userId, input, locale);
        if (same) return same;
      }
      throw conflictError(error);
    }
    if (error instanceof PaymentError) throw paymentApiError(error);
    throw error;
  }
}

async function voidQuietly(transactionId: string): Promise<void> {
  try {
    await paymentGateway().voidCharge(transactionId);
  } catch (error) {
    console.error('[booking] could not void a charge after a failed booking; refund it by hand', transactionId, error);
  }
}

/**
 * Rebooking with another provider: the old appointment, the patient's own and still changeable,
 * is locked here and canceled inside the new booking's transaction (a failure keeps it), under
 * the 24-hour refund rule. The refund itself is money moving outside the database, so it runs
 * after commit (markCanceled returns it for the caller to schedule).
 */
async function lockReplaced(userId: string, id: string, now: Date): Promise<AppointmentState> {
  const old = await lockAppointment(id, userId);
  if (!old) throw new ApiError('notFound');
  if (!isChangeable(old.status, old.starts_at, now)) throw new ApiError('notReschedulable');
  return old;
}

/**
 * Marks a live appointment canceled and decides its refund: full when canceled at least 24
 * hours before the start by the patient, always when the office cancels, never for a no-show.
 * Returns the refund to make once the change has committed, if one is due.
 */
async function markCanceled(
  state: AppointmentState,
  by: 'patient' | 'office' | 'system',
  reason: 'patient' | 'office' | 'rescheduled' | 'noShow' | 'accountDeleted',
  now: Date,
): Promise<(() => Promise<void>) | undefined> {
  const paid = state.fee_cents > 0 && state.transaction_id !== null;
  const due = paid && reason !== 'noShow' && (by === 'office' || refundEligible(state.starts_at, now));
  await updateAppointment(state.id, {
    status: 'canceled',
    canceledAt: now,
    canceledBy: by,
    cancelReason: reason,
    refundStatus: !paid ? 'notApplicable' : due ? 'manual' : 'notEligible',
    refundAmountCents: due ? state.fee_cents : 0,
  });
  await insertAppointmentEvent({ appointmentId: state.id, fromStatus: state.status, toStatus: 'canceled', actor: by });
  // Issue 14: the appointment leaves the earlier-slot waitlist, and its slot goes to those waiting.
  await endWaitlistEntry(state.id);
  await offerFreedSlot({ appointmentId: state.id, providerId: state.provider_id, officeId: state.office_id, start: state.starts_at }, now);
  if (!due) return undefined;
  // Recorded as 'manual' (owed, not yet given) until the gateway confirms: a crash between
  // commit and refund leaves an honest status for support, never a refund claimed but not made.
  return () => refundCanceled(state);
}

/**
 * Gives a canceled appointment's fee back; on failure the status stays 'manual' (contact
 * support). The cancellation email waits for this outcome so that it says what the page says.
 */
async function refundCanceled(state: AppointmentState): Promise<void> {
  try {
    const { refundTransactionId } = await paymentGateway().refund({
      transactionId: state.transaction_id!,
      amountCents: state.fee_cents,
      last4: state.card_last4 ?? '',
    });
    await updateAppointment(state.id, { refundStatus: 'refunded', refundTransactionId });
  } catch (error) {
    console.error('[booking] refund could not be made automatically', state.id, error);
  }
  await queueAppointmentEmail('canceled', (await findAppointment(state.id))!, { refundSettled: true });
}

// GET /v4/appointments/{id}
export async function getAppointment(auth: AuthenticatedSession, id: string, locale: Locale): Promise<Appointment> {
  const row = await findAppointment(id, auth.userId);
  if (!row) throw new ApiError('notFound');
  return toAppointmentDto(row, locale);
}

// GET /v4/appointments
export async function listAppointments(
  auth: AuthenticatedSession,
  query: AppointmentListQuery,
  locale: Locale,
  now: Date = new Date(),
): Promise<AppointmentPage> {
  const tab = query.tab ?? 'upcoming';
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_APPOINTMENT_PAGE_SIZE;
  const { rows, total } = await listAppointmentRows(auth.userId, tab, now, pageSize, (page - 1) * pageSize);
  return { items: rows.map((row) => toAppointmentDto(row, locale, now)), tab, page, pageSize, total };
}

// PUT /v4/appointments/{id}/cancel
export async function cancelAppointment(
  auth: AuthenticatedSession,
  id: string,
  locale: Locale,
  now: Date = new Date(),
): Promise<Appointment> {
  // Locked for the whole change: a second cancel waits, then finds it canceled and changes
  // nothing, so the fee is refunded once.
  const refund = await inTransaction(async () => {
    const state = await lockAppointment(id, auth.userId);
    if (!state) throw new ApiError('notFound');
    if (state.status === 'canceled') return undefined;
    if (!isChangeable(state.status, state.starts_at, now)) throw new ApiError('notCancelable');
    const due = await markCanceled(state, 'patient', 'patient', now);
    await queueAppointmentEmail('canceled', (await findAppointment(id))!);
    return due;
  });
  // The patient sees the refund's outcome in the answer, so it is made before answering.
  if (refund) await refund();
  return getAppointment(auth, id, locale);
}

// PUT /v4/appointments/{id}/reschedule
export async function rescheduleAppointment(
  auth: AuthenticatedSession,
  id: string,
  body: RescheduleRequest,
  locale: Locale,
  now: Date = new Date(),
): Promise<Appointment> {
  await withDeadlockRetry(() => inTransaction(() => moveAppointment(auth, id, body, now)));
  return getAppointment(auth, id, locale);
}

/**
 * A same-provider reschedule, inside the caller's transaction (the reschedule endpoint, and
 * taking an earlier slot offered by the waitlist, issue 14). Answers false when nothing moved.
 */
export async function moveAppointment(auth: AuthenticatedSession, id: string, body: RescheduleRequest, now: Date): Promise<boolean> {
  const state = await lockAppointment(id, auth.userId);
  if (!state) throw new ApiError('notFound');
  if (!isChangeable(state.status, state.starts_at, now)) throw new ApiError('notReschedulable');
  const slot = await checkSlot(
    { providerId: state.provider_id, officeId: body.officeId, slotStart: body.slotStart, visitType: state.visit_type, patientType: state.patient_type },
    now,
  );
  if (slot.start.getTime() === state.starts_at.getTime() && body.officeId === state.office_id) return false;
  try {
    // One UPDATE moves the appointment: the new slot is taken (the constraints check it
    // against every other appointment) and the old one released in the same statement.
    await updateAppointment(id, {
      officeId: body.officeId,
      startsAt: slot.start,
      endsAt: slot.end,
      timeZone: slot.timeZone,
      // A confirmed visit at a new time needs the office to confirm again.
      status: 'scheduled',
      sequence: state.sequence + 1,
      reminderSentAt: null,
    });
  } catch (error) {
    if (error instanceof ConflictError) throw conflictError(error);
    throw error;
  }
  if (state.status !== 'scheduled') {
    await insertAppointmentEvent({ appointmentId: id, fromStatus: state.status, toStatus: 'scheduled', actor: 'patient' });
  }
  await queueAppointmentEmail('rescheduled', (await findAppointment(id))!);
  // Issue 14: a moved appointment leaves the waitlist, and the slot it left goes to those waiting.
  await endWaitlistEntry(id);
  await offerFreedSlot({ appointmentId: id, providerId: state.provider_id, officeId: state.office_id, start: state.starts_at }, now);
  return true;
}

export { markCanceled, refundCanceled };

// GET /v4/appointments/{id}/calendar
export async function appointmentCalendar(auth: AuthenticatedSession, id: string): Promise<string> {
  const row = await findAppointment(id, auth.userId);
  if (!row) throw new ApiError('notFound');
  return appointmentInvite(row);
}

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
import { SLOT_MINUTES, withinDateWindow } from '../../contracts/discovery';
import { afterCommit, inTransaction } from '../../db/transaction';
import { logger } from '../../logging/logger';
import { paymentGateway } from '../adapters/payments/payment-adapter';
import { PaymentError, type ChargeResult, type SavedCardRef } from '../adapters/payments/payment-gateway';
import { chargeSourceFor, removeCardSavedForBooking } from '../cards/cards-service';
import { paymentApiError } from '../cards/payment-errors';
import { ApiError } from '../errors';
import { findOwnFamilyMember } from '../family/family-service';
import { faultPoint } from '../payments/fault-injection';
import { findAttempt, moveAttempt, recordAttempt } from '../payments/payment-attempts-service';
import { assertUpcomingRoom, takePaymentPoints } from '../throttle/booking-limits';
import { providerSchedule } from '../providers/slots-service';
import { patientById } from '../users/users-service';
import { slotsOnDay } from '../scheduling/slots';
import { endWaitlistEntry, offerFreedSlot } from '../waitlist/waitlist-notify';
import { isChangeable, localDateTime, refundEligible, toAppointmentDto } from './appointment-dto';
import { appointmentInvite, queueAppointmentEmail } from './appointment-emails';
import {
  ConflictError,
  HOLD_STATUS,
  confirmHold,
  deleteHold,
  lockForConfirmation,
  lockPatientForBooking,
  lockProviderSchedule,
  releaseExpiredHolds,
  type AppointmentRow,
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
import type { AuthenticatedSession } from '../auth/auth-service';
import type { Locale } from '../../i18n/languages';

/*
 * Booking and the patient's side of an appointment's life (SPEC.md sections 4-5).
 * The rules are enforced here and by the table's constraints, never only by the form.
 */

const badField = (
  path: string,
  message: 'validation.invalid' | 'validation.required' | 'validation.paymentNotDue' = 'validation.invalid',
) => new ApiError('badRequest', 'api.badRequest', { fields: [{ path, message }] });

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
  const schedule = await providerSchedule(check.providerId, check.officeId);
  if (!schedule) throw new ApiError('notFound', 'api.officeNotFound');
  const start = new Date(check.slotStart);
  const { localDate } = localDateTime(start, schedule.time_zone);
  // The slot listing's window (MAX_DAYS_AHEAD): a day it would never offer is not bookable.
  if (!withinDateWindow(localDate, now)) throw new ApiError('providerUnavailable');
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
  // Which visits an office takes is data, as teledental is (provider_offices.offers_in_office).
  if (check.visitType === 'inOffice' && !schedule.offers_in_office) throw new ApiError('inOfficeUnavailable');
  return { timeZone: schedule.time_zone, start, end: new Date(start.getTime() + SLOT_MINUTES * 60_000) };
}

/** JSON with object keys in sorted order at every level, so equal requests hash equally. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The request without its key and card token: what makes a retry "the same booking". */
function requestHash(input: BookAppointmentInput): string {
  const { idempotencyKey: _key, payment, ...rest } = input;
  // A retried attempt carries a fresh single-use token; which card it is stays the same.
  const paymentShape =
    payment && (payment.kind === 'savedCard' ? payment : { kind: payment.kind, saveCard: payment.saveCard });
  return crypto
    .createHash('sha256')
    .update(canonicalJson({ ...rest, payment: paymentShape ?? null }))
    .digest('hex');
}

/** How long a retry waits for the first request of its key to finish charging before answering "in progress". */
const WAIT_FOR_FIRST_MS = 10_000;

async function answerExisting(
  userId: string,
  input: BookAppointmentInput,
  locale: Locale,
): Promise<Appointment | undefined> {
  for (const waitUntil = Date.now() + WAIT_FOR_FIRST_MS; ;) {
    const existing = await findByIdempotencyKey(userId, input.idempotencyKey);
    if (!existing) return undefined;
    if (existing.requestHash !== requestHash(input)) throw new ApiError('idempotencyKeyReused');
    if (existing.status !== HOLD_STATUS) {
      const row = await findAppointment(existing.id, userId);
      return row && toAppointmentDto(row, locale);
    }
    // The first request is still charging: its answer is this one's (a double click gets the
    // booking, not an error). One that died mid-charge is left to reconciliation.
    if (Date.now() >= waitUntil) throw new ApiError('bookingInProgress');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** How long a hold keeps its slot while the card is charged (the gateway's timeout is 30 s). */
export const HOLD_MINUTES = 5;

// POST /v4/appointments
export async function bookAppointment(
  auth: AuthenticatedSession,
  input: BookAppointmentInput,
  locale: Locale,
  now: Date = new Date(),
  ip = 'unknown',
): Promise<Appointment> {
  // A retry of a booking that went through answers that booking: no second appointment or charge.
  const earlier = await answerExisting(auth.userId, input, locale);
  if (earlier) return earlier;

  const [user, slot, facts, member, ownImages] = await Promise.all([
    patientById(auth.userId),
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
  if (new Set(input.imageIds).size !== input.imageIds.length || ownImages !== input.imageIds.length)
    throw new ApiError('notFound');

  // Teledental visits charge the provider's teledental fee; in-office visits are paid at the office (README "Payments").
  const feeCents = input.visitType === 'virtual' ? (facts.fee_cents ?? 0) : 0;
  if (feeCents > 0 && !input.payment) throw new ApiError('paymentRequired');
  // The contract: a payment is refused when nothing is due (no card is tokenised, saved or kept for nothing).
  if (feeCents === 0 && input.payment) throw badField('payment', 'validation.paymentNotDue');

  const booking: Booking = { auth, input, locale, now, user, slot, feeCents, ip };
  if (feeCents === 0) return withDeadlockRetry(() => bookFree(booking));
  return bookPaid(booking, input.payment!);
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
      if (attempt < 3 && isDeadlock(error)) {
        logger.warn({ attempt }, 'deadlock, retrying');
        continue;
      }
      throw error;
    }
  }
}

interface Booking {
  auth: AuthenticatedSession;
  input: BookAppointmentInput;
  locale: Locale;
  now: Date;
  user: { email: string };
  slot: { timeZone: string; start: Date; end: Date };
  feeCents: number;
  ip: string;
}

/**
 * Inside the caller's transaction: the limits, then the appointment's row (a hold when a fee is
 * still to be charged). The insert takes the slot: the exclusion constraints refuse a taken slot
 * or a patient's second appointment at that time, even when requests race (the loser waits,
 * then fails).
 */
async function takeSlot(b: Booking, hold: boolean): Promise<{ appointmentId: string; replaced?: AppointmentState }> {
  const { auth, input, slot, now } = b;
  const attendeeId = input.familyMemberId ?? auth.userId;
  // The replaced appointment is locked and checked before the new row names it: someone
  // else's or an unknown id is a 404 here, not a foreign-key failure (a 500) at the insert.
  const replaced = input.rescheduleOf ? await lockReplaced(auth.userId, input.rescheduleOf, now) : undefined;
  await lockPatientForBooking(auth.userId);
  await lockProviderSchedule(input.providerId);
  await releaseExpiredHolds({ providerId: input.providerId, attendeeId, start: slot.start, end: slot.end }, now);
  await assertUpcomingRoom(
    { patientUserId: auth.userId, attendeeId, providerId: input.providerId, replacing: input.rescheduleOf },
    now,
  );
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
    language: b.locale,
    feeCents: b.feeCents,
    idempotencyKey: input.idempotencyKey,
    requestHash: requestHash(input),
    rescheduledFromId: input.rescheduleOf ?? null,
    ...(hold ? { status: HOLD_STATUS, holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000) } : {}),
  });
  await insertAppointmentImages(appointmentId, input.imageIds);
  return { appointmentId, replaced };
}

/** A ConflictError of the booking's insert as the answer: the same key's booking, or the rule broken. */
async function answerConflict(b: Booking, error: ConflictError): Promise<Appointment> {
  // A concurrent request with the same key won the race: answer its booking.
  if (error.conflict === 'idempotencyKey') {
    const same = await answerExisting(b.auth.userId, b.input, b.locale);
    if (same) return same;
  }
  throw conflictError(error);
}

/** A visit with nothing to pay: one transaction takes the slot and queues the email. */
async function bookFree(b: Booking): Promise<Appointment> {
  let refundAfterCommit: (() => Promise<void>) | undefined;
  try {
    // The row read inside the transaction, after its last change: what commits, so the answer
    // is built from it instead of reading the appointment again after commit.
    const row = await inTransaction(async () => {
      const { appointmentId, replaced } = await takeSlot(b, false);
      if (replaced) refundAfterCommit = await markCanceled(replaced, 'patient', 'rescheduled', b.now);
      const booked = (await findAppointment(appointmentId, b.auth.userId))!;
      await queueAppointmentEmail(b.input.rescheduleOf ? 'rescheduled' : 'booked', booked);
      return booked;
    });
    if (refundAfterCommit) afterCommit(refundAfterCommit);
    return toAppointmentDto(row, b.locale, b.now);
  } catch (error) {
    if (error instanceof ConflictError) return answerConflict(b, error);
    throw error;
  }
}

/**
 * A visit with a fee (lib/docs/decisions/payments.md "Payment flow"): no database lock is held
 * while the gateway works, and no charge is ever made without a committed record of it.
 *   1. One short transaction holds the slot (a 'pendingPayment' appointment, expiring after
 *      HOLD_MINUTES) and records the payment attempt ('started').
 *   2. The gateway charges, outside any transaction, with the attempt's reference as its
 *      duplicate key.
 *   3. One transaction confirms the hold (-> 'scheduled'), completes the attempt and queues the
 *      emails. If the hold was lost meanwhile, the charge is voided.
 * A process that dies between 2 and 3 leaves a started attempt: the reconciliation job looks its
 * reference up at the gateway and completes or voids it (payment-reconciliation.ts).
 */
async function bookPaid(b: Booking, payment: NonNullable<BookAppointmentInput['payment']>): Promise<Appointment> {
  const { auth, input } = b;
  // The rate limits' points are taken before anything is held or charged (atomic, so requests in
  // flight cannot all pass), and the possible decline is given back when it was not one.
  const points = await takePaymentPoints({ userId: auth.userId, ip: b.ip, newCard: payment.kind === 'newCard' });
  let held: { appointmentId: string; attemptId: string; reference: string };
  try {
    held = await withDeadlockRetry(() =>
      inTransaction(async () => {
        const { appointmentId } = await takeSlot(b, true);
        const attempt = await recordAttempt({
          reference: crypto.randomUUID(),
          patientUserId: auth.userId,
          appointmentId,
          providerId: input.providerId,
          officeId: input.officeId,
          slotStart: b.slot.start,
          amountCents: b.feeCents,
          gateway: paymentGateway().kind,
        });
        return { appointmentId, attemptId: attempt.id, reference: attempt.reference };
      }),
    );
  } catch (error) {
    await points.notADecline();
    if (error instanceof ConflictError) return answerConflict(b, error);
    throw error;
  }

  // A card saved during this booking (Accept.js tokens are single use, so it is saved and then
  // charged) is removed again when the booking fails: the patient saved it to pay this visit.
  let savedNow: { ref: SavedCardRef; id: string } | undefined;
  let charge: ChargeResult;
  try {
    const { source, savedCardId } = await chargeSourceFor({ userId: auth.userId, email: b.user.email }, payment);
    if (source.kind === 'saved' && savedCardId) savedNow = { ref: source.card, id: savedCardId };
    charge = await paymentGateway().charge({
      amountCents: b.feeCents,
      source,
      reference: held.reference,
      description: `Teledental visit ${b.slot.start.toISOString()}`,
      customerId: auth.userId,
    });
  } catch (error) {
    if (savedNow) await removeCardSavedForBooking(auth.userId, savedNow);
    // No answer from the gateway: the charge may have been made. The hold and the attempt stay
    // for the reconciliation job, which asks the gateway and completes or voids; the patient's
    // retry with the same key answers "in progress" meanwhile.
    if (error instanceof PaymentError && error.failure === 'unavailable') throw paymentApiError(error);
    if (!(error instanceof PaymentError) || error.failure === 'invalidCard') await points.notADecline();
    await abandonHold(held, error instanceof PaymentError ? error.failure : 'error');
    if (error instanceof PaymentError) throw paymentApiError(error);
    throw error;
  }
  // The one place a crash loses most: the money is taken and nothing of ours says so yet.
  faultPoint('after-charge');
  await points.notADecline();

  const row = await confirmPaidHold(held, charge, b.now, 'patient');
  if (!row) {
    if (savedNow) await removeCardSavedForBooking(auth.userId, savedNow);
    throw new ApiError('slotTaken', 'api.paymentHoldLost');
  }
  return toAppointmentDto(row, b.locale, b.now);
}

/**
 * Releases a paid booking's hold whose charge will not be confirmed (the reconciliation job),
 * inside the caller's transaction. False when it is not a hold any more.
 */
export async function releaseHold(appointmentId: string): Promise<boolean> {
  return deleteHold(appointmentId);
}

/** A booking that will not be charged: the hold goes, the attempt is failed (once). */
async function abandonHold(held: { appointmentId: string; attemptId: string }, failure: string): Promise<void> {
  await inTransaction(async () => {
    await moveAttempt(held.attemptId, ['started'], 'failed', { failure });
    await deleteHold(held.appointmentId);
  });
}

/**
 * Step 3 of a paid booking, for the request that charged and for the reconciliation job alike:
 * in one transaction the hold becomes the appointment with its charge, a rebooking's old
 * appointment is canceled, the attempt is completed and the emails are queued. When the hold is
 * gone (released after its expiry) or the rebooked appointment can no longer change, nothing is
 * booked and the charge is voided (refunded if it settled). Answers the booked row, or undefined.
 */
export async function confirmPaidHold(
  held: { appointmentId: string; attemptId: string },
  charge: ChargeResult,
  now: Date,
  actor: 'patient' | 'system',
): Promise<AppointmentRow | undefined> {
  let refundAfterCommit: (() => Promise<void>) | undefined;
  const row = await withDeadlockRetry(() =>
    inTransaction(async () => {
      const hold = await lockForConfirmation(held.appointmentId);
      // Confirmed already by the other party (the job, or the request it outlived): the same charge.
      if (hold && hold.status !== HOLD_STATUS && hold.transaction_id === charge.transactionId)
        return findAppointment(hold.id);
      if (!hold || hold.status !== HOLD_STATUS) return undefined;
      let replaced: AppointmentState | undefined;
      if (hold.rescheduled_from_id) {
        replaced = await lockAppointment(hold.rescheduled_from_id, hold.patient_user_id);
        if (!replaced || !isChangeable(replaced.status, replaced.starts_at, now)) return undefined;
      }
      if (
        !(await moveAttempt(held.attemptId, ['started', 'charged'], 'completed', {
          transactionId: charge.transactionId,
          cardBrand: charge.brand,
          cardLast4: charge.last4,
        }))
      ) {
        return undefined;
      }
      await confirmHold(
        held.appointmentId,
        { transactionId: charge.transactionId, cardBrand: charge.brand, cardLast4: charge.last4, paidAt: now },
        actor,
      );
      if (replaced) refundAfterCommit = await markCanceled(replaced, 'patient', 'rescheduled', now);
      const booked = (await findAppointment(held.appointmentId))!;
      await queueAppointmentEmail(replaced ? 'rescheduled' : 'booked', booked);
      return booked;
    }),
  );
  if (row) {
    if (refundAfterCommit) afterCommit(refundAfterCommit);
    return row;
  }
  await giveBackCharge(held, charge.transactionId, charge.last4);
  return undefined;
}

/**
 * A charge with no booking to show for it is given back: voided before settlement, refunded
 * after; the attempt is 'voided' only once the gateway agreed, else it stays for the job's
 * next run. The hold, if still there, is released.
 */
export async function giveBackCharge(
  held: { appointmentId: string | null; attemptId: string },
  transactionId: string,
  last4: string,
): Promise<boolean> {
  const attempt = await findAttempt(held.attemptId);
  // Completed means a booking holds this charge; voided means it was given back already.
  if (!attempt || attempt.state === 'completed' || attempt.state === 'voided') return attempt?.state === 'voided';
  try {
    await paymentGateway().voidCharge(transactionId);
  } catch (voidError) {
    try {
      await paymentGateway().refund({ transactionId, amountCents: attempt?.amountCents ?? 0, last4 });
    } catch (error) {
      // Recorded as charged: the job tries again on its next run, and support sees it meanwhile.
      await moveAttempt(held.attemptId, ['started'], 'charged', { transactionId });
      logger.error(
        { err: error, voidFailure: String(voidError), transactionId },
        'a charge without its booking could not be given back yet',
      );
      return false;
    }
  }
  await inTransaction(async () => {
    await moveAttempt(held.attemptId, ['started', 'charged'], 'voided', { transactionId, failure: 'holdLost' });
    if (held.appointmentId) await deleteHold(held.appointmentId);
  });
  return true;
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
  // the appointment leaves the earlier-slot waitlist, and its slot goes to those waiting.
  await endWaitlistEntry(state.id);
  await offerFreedSlot(
    { appointmentId: state.id, providerId: state.provider_id, officeId: state.office_id, start: state.starts_at },
    now,
  );
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
    logger.error({ err: error, appointmentId: state.id }, 'refund could not be made automatically');
  }
  await queueAppointmentEmail('canceled', (await findAppointment(state.id))!, { refundSettled: true });
}

/** More than any patient has upcoming; one read instead of paging. */
const MAX_UPCOMING = 1000;

/**
 * Account deletion (account-service.ts): cancels the patient's upcoming appointments inside the
 * caller's transaction, under the 24-hour refund rule, each with its cancellation email. Answers
 * how many were canceled and the refunds to make once the deletion has committed.
 */
export async function cancelUpcomingOfDeletedAccount(
  userId: string,
  now: Date,
): Promise<{ refunds: (() => Promise<void>)[]; canceled: number }> {
  const { rows } = await listAppointmentRows(userId, 'upcoming', now, MAX_UPCOMING, 0);
  const refunds: (() => Promise<void>)[] = [];
  let canceled = 0;
  for (const row of rows) {
    // One under way (started, not over) is not canceled: it is happening, as the cancel button says too.
    const state = await lockAppointment(row.id, userId);
    if (!state || !isChangeable(state.status, state.starts_at, now)) continue;
    const refund = await markCanceled(state, 'patient', 'accountDeleted', now);
    await queueAppointmentEmail('canceled', (await findAppointment(row.id))!);
    if (refund) refunds.push(refund);
    canceled += 1;
  }
  return { refunds, canceled };
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
 * taking an earlier slot offered by the waitlist). Answers false when nothing moved.
 */
export async function moveAppointment(
  auth: AuthenticatedSession,
  id: string,
  body: RescheduleRequest,
  now: Date,
): Promise<boolean> {
  const state = await lockAppointment(id, auth.userId);
  if (!state) throw new ApiError('notFound');
  if (!isChangeable(state.status, state.starts_at, now)) throw new ApiError('notReschedulable');
  // The same locks, in the same order, as a booking's (takeSlot).
  await lockPatientForBooking(auth.userId);
  await lockProviderSchedule(state.provider_id);
  const slot = await checkSlot(
    {
      providerId: state.provider_id,
      officeId: body.officeId,
      slotStart: body.slotStart,
      visitType: state.visit_type,
      patientType: state.patient_type,
    },
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
    await insertAppointmentEvent({
      appointmentId: id,
      fromStatus: state.status,
      toStatus: 'scheduled',
      actor: 'patient',
    });
  }
  await queueAppointmentEmail('rescheduled', (await findAppointment(id))!);
  // a moved appointment leaves the waitlist, and the slot it left goes to those waiting.
  await endWaitlistEntry(id);
  await offerFreedSlot(
    { appointmentId: id, providerId: state.provider_id, officeId: state.office_id, start: state.starts_at },
    now,
  );
  return true;
}

export { markCanceled, refundCanceled };

// GET /v4/appointments/{id}/calendar
export async function appointmentCalendar(auth: AuthenticatedSession, id: string): Promise<string> {
  const row = await findAppointment(id, auth.userId);
  if (!row) throw new ApiError('notFound');
  return appointmentInvite(row);
}

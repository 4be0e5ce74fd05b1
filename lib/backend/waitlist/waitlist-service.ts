import 'server-only';
import { SLOT_MINUTES } from '../../contracts/discovery';
import { inTransaction } from '../../db/transaction';
import { ApiError } from '../errors';
import { isChangeable, localDateTime, toAppointmentDto } from '../appointments/appointment-dto';
import { appointmentById, lockedAppointment, providerBusyBetween } from '../appointments/appointment-lookups-service';
import { getAppointment, moveAppointment, withDeadlockRetry } from '../appointments/appointments-service';
import {
  deleteWaitlistEntry,
  findOffer,
  findWaitlistEntry,
  insertWaitlistEntry,
  markOfferAccepted,
  type OfferRow,
} from './waitlist-repository';
import type { AuthenticatedSession } from '../auth/auth-service';
import type { Locale } from '../../i18n/languages';
import type { WaitlistOffer, WaitlistStatus } from '../../contracts/waitlist';
import type { Appointment } from '../../contracts/appointments';

/*
 * The earlier-slot waitlist's patient side: join and leave from an upcoming
 * appointment, and look at or take an offered slot. Offers are made by waitlist-notify.ts when a
 * cancel or move frees a slot; nobody is moved without taking the offer.
 */

async function statusOf(appointmentId: string, eligible: boolean): Promise<WaitlistStatus> {
  const entry = eligible ? await findWaitlistEntry(appointmentId) : undefined;
  return {
    appointmentId,
    waitlisted: Boolean(entry),
    since: entry ? new Date(entry.created_at).toISOString() : null,
    eligible,
  };
}

// GET /v4/appointments/{id}/waitlist
export async function getWaitlistStatus(
  auth: AuthenticatedSession,
  id: string,
  now: Date = new Date(),
): Promise<WaitlistStatus> {
  const row = await appointmentById(id, auth.userId);
  if (!row) throw new ApiError('notFound');
  // A completed or past appointment's entry is over, whatever is left in the table.
  return statusOf(row.id, isChangeable(row.status, new Date(row.starts_at), now));
}

// PUT /v4/appointments/{id}/waitlist - the offers are emailed in the language the patient joined in
export async function joinWaitlist(
  auth: AuthenticatedSession,
  id: string,
  locale: Locale,
  now: Date = new Date(),
): Promise<WaitlistStatus> {
  return inTransaction(async () => {
    // Locked: a cancel running at the same time either ends the entry after it or refuses it here.
    const state = await lockedAppointment(id, auth.userId);
    if (!state) throw new ApiError('notFound');
    if (!isChangeable(state.status, state.starts_at, now)) throw new ApiError('notReschedulable');
    await insertWaitlistEntry(state.id, state.provider_id, locale);
    return statusOf(state.id, true);
  });
}

// DELETE /v4/appointments/{id}/waitlist - leaving twice changes nothing
export async function leaveWaitlist(
  auth: AuthenticatedSession,
  id: string,
  now: Date = new Date(),
): Promise<WaitlistStatus> {
  return inTransaction(async () => {
    const state = await lockedAppointment(id, auth.userId);
    if (!state) throw new ApiError('notFound');
    await deleteWaitlistEntry(state.id);
    return statusOf(state.id, isChangeable(state.status, state.starts_at, now));
  });
}

/** What an offer is now (WAITLIST_OFFER_STATES). */
async function offerState(
  offer: OfferRow,
  appointment: { status: string; starts_at: Date },
  now: Date,
): Promise<WaitlistOffer['state']> {
  if (offer.accepted_at) return 'accepted';
  if (!isChangeable(appointment.status, appointment.starts_at, now)) return 'expired';
  if (offer.slot_start.getTime() <= now.getTime() || offer.slot_start.getTime() >= appointment.starts_at.getTime())
    return 'expired';
  return (await providerBusyBetween(offer.provider_id, offer.slot_start, slotEnd(offer))) ? 'taken' : 'open';
}

const slotEnd = (offer: OfferRow) => new Date(offer.slot_start.getTime() + SLOT_MINUTES * 60_000);

function offerDto(offer: OfferRow, state: WaitlistOffer['state'], appointment: Appointment): WaitlistOffer {
  return {
    id: offer.id,
    state,
    appointment,
    slot: {
      start: offer.slot_start.toISOString(),
      end: slotEnd(offer).toISOString(),
      timeZone: offer.office_time_zone,
      ...localDateTime(offer.slot_start, offer.office_time_zone),
      office: {
        id: offer.office_id,
        name: offer.office_name,
        addressLine: offer.office_address_line,
        city: offer.office_city,
        state: offer.office_state,
        zip: offer.office_zip,
      },
    },
  };
}

// GET /v4/waitlistOffers/{id} - another patient's offer answers 404
export async function getWaitlistOffer(
  auth: AuthenticatedSession,
  id: string,
  locale: Locale,
  now: Date = new Date(),
): Promise<WaitlistOffer> {
  const offer = await findOffer(id, auth.userId);
  if (!offer) throw new ApiError('notFound');
  const row = (await appointmentById(offer.appointment_id, auth.userId))!;
  const state = await offerState(offer, { status: row.status, starts_at: new Date(row.starts_at) }, now);
  return offerDto(offer, state, toAppointmentDto(row, locale, now));
}

// POST /v4/waitlistOffers/{id}/accept - moves the appointment to the offered slot, once
export async function acceptWaitlistOffer(
  auth: AuthenticatedSession,
  id: string,
  locale: Locale,
  now: Date = new Date(),
): Promise<Appointment> {
  await withDeadlockRetry(() =>
    inTransaction(async () => {
      // The offer locked, then the appointment (the order a cancel never takes in reverse):
      // a double click waits and then finds the offer taken by itself.
      const offer = await findOffer(id, auth.userId, true);
      if (!offer) throw new ApiError('notFound');
      const state = (await lockedAppointment(offer.appointment_id, auth.userId))!;
      const current = await offerState(offer, state, now);
      if (current === 'accepted') return; // already moved by this offer: answer the appointment as it is
      if (current === 'taken') throw new ApiError('slotTaken', 'api.earlierSlotTaken');
      if (current === 'expired') throw new ApiError('earlierSlotUnavailable');
      // The reschedule path: one UPDATE, checked by the constraints (a racing booking of the slot
      // answers slotTaken), fee and refund untouched, the rescheduled email, the waitlist entry ended.
      await moveAppointment(
        auth,
        offer.appointment_id,
        { officeId: offer.office_id, slotStart: offer.slot_start.toISOString() },
        now,
      );
      await markOfferAccepted(offer.id, now);
    }),
  ).catch((error: unknown) => {
    // The slot stopped being bookable between the offer and now (hours changed): not this patient's doing.
    if (error instanceof ApiError && error.errorCode === 'providerUnavailable')
      throw new ApiError('earlierSlotUnavailable');
    if (error instanceof ApiError && error.errorCode === 'slotTaken')
      throw new ApiError('slotTaken', 'api.earlierSlotTaken');
    throw error;
  });
  const offer = (await findOffer(id, auth.userId))!;
  return getAppointment(auth, offer.appointment_id, locale);
}

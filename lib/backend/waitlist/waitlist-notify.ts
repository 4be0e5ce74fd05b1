import 'server-only';
import { SLOT_MINUTES } from '../../contracts/discovery';
import { MAX_OFFERS_PER_SLOT } from '../../contracts/waitlist';
import { serverEnv } from '../../config/server-env';
import { timeZoneLabel } from '../../display/time-zone-label';
import { translate } from '../../i18n/translate';
import { queueEmail } from '../outbox/outbox-service';
import { providerSchedule } from '../providers/slots-service';
import { slotsOnDay } from '../scheduling/slots';
import { doctorName } from '../providers/provider-name';
import { localDateTime } from '../appointments/appointment-dto';
import { appointmentById, providerBusyBetween } from '../appointments/appointment-lookups-service';
import { deleteWaitlistEntry, findWaitingFor, insertOffer } from './waitlist-repository';
import type { Locale } from '../../i18n/languages';

/*
 * What the appointment lifecycle tells the waitlist. Called inside the transaction
 * that cancels or moves an appointment, so the offers and their emails exist only if that
 * change commits (the outbox sends them after commit).
 *
 * Who is told: every waitlisted live appointment with the provider that starts later than the
 * freed slot and could be moved there (the office takes its visit and patient type), up to
 * MAX_OFFERS_PER_SLOT, in the order the patients joined. All of them at once rather than one
 * at a time with a hold: a freed slot is perishable (often within a day), a hold leaves it
 * empty for each patient who does not answer, and taking it is atomic (the exclusion
 * constraint), so the first to act gets it and the others see that it was taken. The emails are
 * queued in line order, so they also leave in that order: first come, first told.
 */

/** The appointment that freed a slot: its provider, office and old start. */
export interface FreedSlot {
  appointmentId: string;
  providerId: number;
  officeId: number;
  start: Date;
}

/** An appointment's waitlist entry ends when it is canceled or moved (a move that made it earlier is what it asked for). */
export async function endWaitlistEntry(appointmentId: string): Promise<void> {
  await deleteWaitlistEntry(appointmentId);
}

/** Offers a slot that was just freed to the patients waiting for an earlier one, by email. */
export async function offerFreedSlot(freed: FreedSlot, now: Date): Promise<number> {
  if (freed.start.getTime() <= now.getTime()) return 0;
  // Who waits first (one index range, usually empty): most cancellations stop here.
  const waiting = await findWaitingFor(freed.providerId, freed.start, freed.appointmentId, MAX_OFFERS_PER_SLOT);
  if (!waiting.length) return 0;
  const schedule = await providerSchedule(freed.providerId, freed.officeId);
  if (!schedule) return 0;
  // Still a slot the provider offers there (hours may have changed since it was booked).
  const { localDate } = localDateTime(freed.start, schedule.time_zone);
  const offered = slotsOnDay(
    { timeZone: schedule.time_zone, businessHours: schedule.business_hours, workingDays: schedule.working_days },
    localDate,
    now,
  ).some((slot) => Date.parse(slot.start) === freed.start.getTime());
  if (!offered) return 0;
  // Free for real: a move to the same time at another office keeps the provider busy then.
  const end = new Date(freed.start.getTime() + SLOT_MINUTES * 60_000);
  if (await providerBusyBetween(freed.providerId, freed.start, end)) return 0;

  const office = (await appointmentById(freed.appointmentId))!.office_name;
  let told = 0;
  for (const entry of waiting) {
    if (entry.patient_type === 'new' && !schedule.accepts_new_patients) continue;
    if (entry.visit_type === 'virtual' && !(schedule.offers_teledental && schedule.teledental_payment_ready)) continue;
    const offerId = await insertOffer(entry.appointment_id, freed.officeId, freed.start);
    if (!offerId) continue; // this slot was offered to this appointment before
    await queueOfferEmail(offerId, entry.appointment_id, entry.language, {
      start: freed.start,
      timeZone: schedule.time_zone,
      office,
    });
    told++;
  }
  return told;
}

/** The page an offer's link opens: under /appointment-details, so logged-out visitors log in and come back. */
export function offerPath(appointmentId: string, offerId: string, locale: Locale): string {
  return `${locale === 'es' ? '/es' : ''}/appointment-details/${appointmentId}/earlier-slot/${offerId}`;
}

async function queueOfferEmail(
  offerId: string,
  appointmentId: string,
  locale: Locale,
  slot: { start: Date; timeZone: string; office: string },
): Promise<void> {
  const row = (await appointmentById(appointmentId))!;
  const intl = locale === 'es' ? 'es-US' : 'en-US';
  const when = (instant: Date, timeZone: string) =>
    `${new Intl.DateTimeFormat(intl, { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(instant)}, ${new Intl.DateTimeFormat(intl, { timeZone, hour: 'numeric', minute: '2-digit' }).format(instant)} (${timeZoneLabel(timeZone, locale)})`;
  const values = {
    name: row.account_first_name,
    patient: `${row.patient_first_name} ${row.patient_last_name}`,
    provider: doctorName(
      { first_name: row.provider_first_name, last_name: row.provider_last_name, gender: row.provider_gender },
      locale,
    ),
    current: when(new Date(row.starts_at), row.time_zone),
    earlier: when(slot.start, slot.timeZone),
    office: slot.office,
    link: `${serverEnv().publicUrl}${offerPath(appointmentId, offerId, locale)}`,
    // Where the alert is turned off (the way to leave the list).
    manage: `${serverEnv().publicUrl}${locale === 'es' ? '/es' : ''}/appointment-details/${appointmentId}`,
  };
  await queueEmail({
    to: row.patient_email,
    subject: translate(locale, 'emails.earlierSlotSubject', values),
    text: translate(locale, 'emails.earlierSlotBody', values),
  });
}

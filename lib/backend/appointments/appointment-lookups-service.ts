import 'server-only';
import {
  countUpcomingForBooking,
  findAppointment,
  findBusyIntervals,
  lockAppointment,
  type AppointmentRow,
  type AppointmentState,
} from './appointments-repository';

/*
 * Reads of appointments for the modules appointments-service.ts itself imports: the booking
 * limits, the waitlist (its offers and its patient side) and the slot computations. They would
 * close an import cycle by importing appointments-service, so what they read of appointments is
 * offered here, on top of the repository only. Each joins the caller's transaction.
 */

/** One appointment with everything it shows; `owner` limits it to the patient's own (holds excluded). */
export async function appointmentById(id: string, owner?: string): Promise<AppointmentRow | undefined> {
  return findAppointment(id, owner);
}

/** One appointment's state, locked until the caller's transaction ends; `owner` limits it to the patient's own. */
export async function lockedAppointment(id: string, owner?: string): Promise<AppointmentState | undefined> {
  return lockAppointment(id, owner);
}

/** The attendee's live upcoming appointments and unexpired holds, in all and with one provider. */
export async function upcomingCountsForBooking(
  input: { patientUserId: string; attendeeId: string; providerId: number; replacing?: string },
  now: Date,
): Promise<{ attendee: number; withProvider: number }> {
  return countUpcomingForBooking(input, now);
}

/** Live appointments of these providers overlapping [from, to): the busy time every slot computation subtracts. */
export async function busyIntervals(
  providerIds: readonly number[],
  from: Date,
  to: Date,
): Promise<{ provider_id: number; start_ms: number; end_ms: number }[]> {
  return findBusyIntervals(providerIds, from, to);
}

/** Whether the provider has a live appointment overlapping [start, end), at any of their offices. */
export async function providerBusyBetween(providerId: number, start: Date, end: Date): Promise<boolean> {
  return (await findBusyIntervals([providerId], start, end)).length > 0;
}

import 'server-only';
import { inTransaction } from '../../db/transaction';
import { queueAppointmentEmail } from './appointment-emails';
import { cancelNoShows, claimReminders, findAppointment, markNoShows } from './appointments-repository';

/*
 * Background moves of appointments: run by the job runner every minute, never by
 * page loads. Each is one conditional UPDATE (or a claim), so overlapping runs change each
 * appointment once; the job queue also runs each tick once across server processes.
 */

/** A visit not checked in an hour after its end is a No Show (offices may check in late). */
export const NO_SHOW_GRACE_MS = 60 * 60_000;
/** SPEC.md section 4: a visit the patient does not attend is canceled automatically, a day later. */
export const NO_SHOW_CANCEL_AFTER_MS = 24 * 60 * 60_000;
/** The reminder goes out 24 hours before the start. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60_000;

export async function sweepNoShows(now: Date = new Date()): Promise<{ markedNoShow: number; canceled: number }> {
  return inTransaction(async () => {
    const marked = await markNoShows(now, NO_SHOW_GRACE_MS);
    const canceled = await cancelNoShows(now, NO_SHOW_CANCEL_AFTER_MS);
    return { markedNoShow: marked.length, canceled };
  });
}

export async function sendDueReminders(now: Date = new Date()): Promise<number> {
  return inTransaction(async () => {
    const ids = await claimReminders(now, REMINDER_BEFORE_MS);
    for (const id of ids) await queueAppointmentEmail('reminder', (await findAppointment(id))!);
    return ids.length;
  });
}

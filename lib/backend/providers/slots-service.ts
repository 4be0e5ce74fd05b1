import 'server-only';
import { DEFAULT_SLOT_RANGE_DAYS, NOT_FOUND_MESSAGE_KEY, SLOT_MINUTES } from '../../contracts/discovery';
import { ApiError } from '../errors';
import { findProviderSchedule, type ProviderScheduleRow } from './providers-repository';
import { busyIntervals } from '../appointments/appointment-lookups-service';
import { addDays, slotDays, todayIn, type Interval } from '../scheduling/slots';
import type { ProviderSlots, SlotsQuery } from '../../contracts/providers';

const DAY_MS = 86_400_000;

export interface ProviderAtOffice {
  providerId: number;
  officeId: number;
}

export function busyKey(pair: ProviderAtOffice): string {
  return `${pair.providerId}:${pair.officeId}`;
}

/**
 * Busy time of providers at offices between two instants, keyed by busyKey(). Every slot
 * computation (provider page, listings' next slots and availability sort) subtracts these.
 * A provider is busy wherever they are booked: an appointment at one office takes the same
 * hour at all of theirs. Read from the database on every call (one statement for all pairs;
 * listings ask for up to MAX_LIST_CANDIDATES at once), so a booking or a cancellation shows on
 * the next request in every server process, with no cache to keep in step.
 */
export async function loadBusyIntervals(
  pairs: readonly ProviderAtOffice[],
  from: Date,
  to: Date,
): Promise<Map<string, Interval[]>> {
  const busy = new Map<string, Interval[]>();
  if (!pairs.length) return busy;
  const providerIds = [...new Set(pairs.map((p) => p.providerId))];
  const byProvider = new Map<number, Interval[]>();
  for (const row of await busyIntervals(providerIds, from, to)) {
    const list = byProvider.get(row.provider_id) ?? [];
    list.push({ start: Number(row.start_ms), end: Number(row.end_ms) });
    byProvider.set(row.provider_id, list);
  }
  for (const pair of pairs) {
    const intervals = byProvider.get(pair.providerId);
    if (intervals) busy.set(busyKey(pair), intervals);
  }
  return busy;
}

/**
 * The provider's schedule at one office, or at their first office when none is named: the hours
 * and days booking and the waitlist check a slot against, and what the office offers there.
 */
export async function providerSchedule(
  providerId: number,
  officeId: number | undefined,
): Promise<ProviderScheduleRow | undefined> {
  return findProviderSchedule(providerId, officeId);
}

/** A UTC window surely covering the office-local dates from..to, whatever the time zone. */
export function windowFor(from: string, to: string): { start: Date; end: Date } {
  return { start: new Date(Date.parse(from) - DAY_MS), end: new Date(Date.parse(to) + 2 * DAY_MS) };
}

// GET /v4/providers/{id}/slots
export async function providerSlots(providerId: number, query: SlotsQuery, now = new Date()): Promise<ProviderSlots> {
  const schedule = await findProviderSchedule(providerId, query.officeId);
  // An unknown provider, or one who does not work at the named office.
  if (!schedule) throw new ApiError('notFound', NOT_FOUND_MESSAGE_KEY);
  const from = query.from ?? todayIn(schedule.time_zone, now);
  const to = query.to ?? addDays(from, DEFAULT_SLOT_RANGE_DAYS - 1);
  const pair = { providerId, officeId: schedule.office_id };
  const window = windowFor(from, to);
  const busy = (await loadBusyIntervals([pair], window.start, window.end)).get(busyKey(pair)) ?? [];
  return {
    providerId,
    officeId: schedule.office_id,
    timeZone: schedule.time_zone,
    slotMinutes: SLOT_MINUTES,
    from,
    to,
    acceptsNewPatients: schedule.accepts_new_patients,
    teledentalAvailable: schedule.offers_teledental && schedule.teledental_payment_ready,
    days: slotDays(
      { timeZone: schedule.time_zone, businessHours: schedule.business_hours, workingDays: schedule.working_days },
      from,
      to,
      now,
      busy,
    ),
  };
}

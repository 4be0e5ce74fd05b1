import 'server-only';
import {
  DEFAULT_SLOT_RANGE_DAYS,
  NOT_FOUND_MESSAGE_KEY,
  SLOT_MINUTES,
  type ProviderSlots,
  type SlotsQuery,
} from '../../contracts/discovery';
import { ApiError } from '../errors';
import { findProviderSchedule } from '../repositories/discovery-repository';
import { addDays, slotDays, todayIn, type Interval } from '../scheduling/slots';

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
 * Nothing can be booked yet, so nothing is busy: the booking issue answers this from its
 * appointments table (one query for all pairs; listings ask for up to MAX_LIST_CANDIDATES at once).
 */
export async function loadBusyIntervals(
  _pairs: readonly ProviderAtOffice[],
  _from: Date,
  _to: Date,
): Promise<Map<string, Interval[]>> {
  return new Map();
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

import type { SlotDay } from '@/lib/contracts/providers';
import { addDays, todayIn } from '@/components/provider/format';

/*
 * What the slot picker starts with. A slot picked on the search listing arrives in the URL as
 * `office` (an office id of this provider) and `slot` (the slot's start, an ISO instant);
 * anything else in those parameters is ignored rather than trusted.
 */

export const WINDOW_DAYS = 7;

/** The messages a week of slots shows; the `slots` and `appointments.slots` catalogues both have them. */
export type SlotMessage =
  | 'days'
  | 'previousDays'
  | 'nextDays'
  | 'slotCount'
  | 'loading'
  | 'failed'
  | 'retry'
  | 'morning'
  | 'afternoon'
  | 'noSlotsDay';

/** next-intl's `t` of either catalogue (passed whole rather than as labels: the picker's budget). */
export type SlotTranslate = (key: SlotMessage, values?: { count: number }) => string;

export interface SlotOffice {
  id: number;
  name: string;
  timeZone: string;
}

export interface InitialSelection {
  officeId: number;
  /** Office-local first day of the window; undefined = today there (the API's default). */
  from?: string;
  /** The slot to show pressed (normalised ISO instant). */
  slot?: string;
  /** The office-local day to show first. */
  day?: string;
}

/** A strict ISO 8601 instant (with Z or an offset), normalised as the API writes slots. */
export function parseSlotInstant(value: string | null | undefined): string | undefined {
  if (!value || value.length > 40) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function initialSelection(
  params: { get(name: string): string | null },
  offices: readonly SlotOffice[],
  now = new Date(),
): InitialSelection {
  const fallback = offices[0]!;
  const requested = Number(params.get('office'));
  const office = offices.find((o) => o.id === requested);
  const slot = parseSlotInstant(params.get('slot'));
  if (!office) return { officeId: fallback.id };
  if (!slot) return { officeId: office.id };
  const day = todayIn(office.timeZone, new Date(slot));
  const today = todayIn(office.timeZone, now);
  if (day < today) return { officeId: office.id };
  // The slot's day inside the first window when it can be, so "earlier dates" stays useful.
  const from = day < addDays(today, WINDOW_DAYS) ? undefined : day;
  return { officeId: office.id, from, slot, day };
}

/** The day to show when none is chosen: the first with a free slot, else the first. */
export function defaultDay(days: readonly SlotDay[]): string | undefined {
  return (days.find((d) => d.morning.length + d.afternoon.length > 0) ?? days[0])?.date;
}

export function slotCount(day: SlotDay): number {
  return day.morning.length + day.afternoon.length;
}

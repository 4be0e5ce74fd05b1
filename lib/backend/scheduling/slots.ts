import 'server-only';
import { tzOffset } from '@date-fns/tz';
import { SLOT_MINUTES, type BusinessHours, type Slot } from '../../contracts/discovery';
import { parseIsoDate } from '../../contracts/validation';
import { dateTimeFormat } from '../../display/intl-formats';
import type { SlotDay } from '../../contracts/providers';

/*
 * Free appointment slots (SPEC.md section 9: 60 minutes), computed in the office's IANA time
 * zone: inside the office's business hours, on the weekdays the provider works there, never
 * in the past, and never overlapping a busy interval. Pure functions: the caller supplies the
 * busy intervals (booked appointments, from the booking issue on) and the current time.
 * Across daylight-saving changes a slot is 60 minutes of real time starting at its
 * wall-clock time: none in an hour the clocks skip, one (the first) in an hour they repeat,
 * whatever the server's own zone.
 */

export interface WeeklySchedule {
  timeZone: string;
  businessHours: readonly BusinessHours[];
  /** Weekdays the provider works at this office, 0 = Sunday. */
  workingDays: readonly number[];
}

export interface Interval {
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;

const todays = new Map<string, string>();

/** The calendar date (YYYY-MM-DD) it is now in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // Formatting with a time zone is slow and listings ask up to 300 times per request; local
  // dates change on whole minutes, so the answer is kept per zone and minute.
  const key = `${timeZone}|${Math.floor(now.getTime() / 60_000)}`;
  const known = todays.get(key);
  if (known !== undefined) return known;
  // en-CA writes dates as YYYY-MM-DD.
  const today = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  if (todays.size > 1_000) todays.clear();
  todays.set(key, today);
  return today;
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const dayNumbers = new Map<string, number>();

/** Days since 1970-01-01 of a YYYY-MM-DD date, and back: date arithmetic without parsing twice. */
function dayNumber(date: string): number {
  // Listings ask for the same few dates hundreds of times per request.
  let day = dayNumbers.get(date);
  if (day === undefined) {
    day = parseIsoDate(date)!.getTime() / DAY_MS;
    if (dayNumbers.size > 10_000) dayNumbers.clear();
    dayNumbers.set(date, day);
  }
  return day;
}
function dateOfDay(day: number): string {
  const d = new Date(day * DAY_MS);
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** `date` plus `days` calendar days (time-zone free arithmetic on the date itself). */
export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

export function weekdayOf(date: string): number {
  return parseIsoDate(date)!.getUTCDay();
}

/** Weekdays covered by the dates from..to (all seven once the range spans a week). */
export function weekdaysBetween(from: string, to: string): number[] {
  const days = new Set<number>();
  for (let d = from; d <= to && days.size < 7; d = addDays(d, 1)) days.add(weekdayOf(d));
  return [...days].sort((a, b) => a - b);
}

const minutesCache = new Map<string, number>();
function minutesOf(hhmm: string): number {
  let minutes = minutesCache.get(hhmm);
  if (minutes === undefined) {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    minutes = h * 60 + m;
    if (minutesCache.size > 10_000) minutesCache.clear();
    minutesCache.set(hhmm, minutes);
  }
  return minutes;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

const HOUR_MS = 3_600_000;
/** How far beyond a local day a change is looked for: more than any zone's jump (at most 2 h). */
const MARGIN_MS = 3 * HOUR_MS;

/** The zone's UTC offset (ms) at an instant. */
function offsetAt(ms: number, timeZone: string): number {
  return tzOffset(timeZone, new Date(ms)) * 60_000;
}

/**
 * The zone's UTC offsets around one local day: `before` just before the day begins and `after`
 * just after it ends. Equal on nearly every day (one offset holds all day); different on the
 * day of a daylight-saving change (and, by the margin, sometimes the day before or after),
 * which then gets exact per-slot work. Time-zone lookups are slow and a listing computes slots
 * for hundreds of providers, so each (zone, date) is resolved once. Nothing here reads the
 * server's own zone: local wall times are written as if UTC and shifted by the office's offset.
 */
interface DayOffsets {
  before: number;
  after: number;
}
const dayOffsets = new Map<string, DayOffsets>();

function offsetsOn(date: string, day: number, timeZone: string): DayOffsets {
  const key = `${timeZone}|${date}`;
  let offsets = dayOffsets.get(key);
  if (offsets === undefined) {
    const localMidnight = day * DAY_MS;
    // Any offset of that day is within the margin of the right one.
    const rough = offsetAt(localMidnight + 12 * HOUR_MS, timeZone);
    offsets = {
      before: offsetAt(localMidnight - rough - MARGIN_MS, timeZone),
      after: offsetAt(localMidnight + DAY_MS - rough + MARGIN_MS, timeZone),
    };
    if (dayOffsets.size > 50_000) dayOffsets.clear();
    dayOffsets.set(key, offsets);
  }
  return offsets;
}

/**
 * The instant a local wall-clock time (minutes after midnight of `day`) happens in the zone, or
 * undefined when the clocks skip it (spring forward). A time the clocks pass twice (fall back)
 * is taken at its first occurrence, so a repeated hour never yields two slots.
 */
function startInstant(day: number, minutes: number, offsets: DayOffsets, timeZone: string): number | undefined {
  const local = day * DAY_MS + minutes * 60_000;
  if (offsets.before === offsets.after) return local - offsets.before;
  // A candidate is real when the zone has that very offset at that instant.
  const early = local - offsets.before;
  const late = local - offsets.after;
  const earlyReal = offsetAt(early, timeZone) === offsets.before;
  const lateReal = offsetAt(late, timeZone) === offsets.after;
  if (earlyReal && lateReal) return Math.min(early, late);
  if (earlyReal) return early;
  if (lateReal) return late;
  return undefined;
}

/** Free slots of one office-local day, in time order. */
export function slotsOnDay(schedule: WeeklySchedule, date: string, now: Date, busy: readonly Interval[] = []): Slot[] {
  const weekday = weekdayOf(date);
  if (!schedule.workingDays.includes(weekday)) return [];
  const slots: Slot[] = [];
  const day = dayNumber(date);
  const offsets = offsetsOn(date, day, schedule.timeZone);
  for (const hours of schedule.businessHours) {
    if (hours.weekday !== weekday) continue;
    const closes = minutesOf(hours.closes);
    for (let start = minutesOf(hours.opens); start + SLOT_MINUTES <= closes; start += SLOT_MINUTES) {
      const startMs = startInstant(day, start, offsets, schedule.timeZone);
      if (startMs === undefined || startMs <= now.getTime()) continue; // skipped by the clocks, or past
      // 60 minutes of real time, also when the clocks change inside the slot.
      const endMs = startMs + SLOT_MINUTES * 60_000;
      if (busy.some((b) => b.start < endMs && b.end > startMs)) continue;
      slots.push({
        start: new Date(startMs).toISOString(),
        end: new Date(endMs).toISOString(),
        localDate: date,
        localTime: `${pad2(Math.floor(start / 60))}:${pad2(start % 60)}`,
      });
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}

/** Every day from..to (office-local dates), each with its morning (before 12:00) and afternoon slots. */
export function slotDays(
  schedule: WeeklySchedule,
  from: string,
  to: string,
  now: Date,
  busy: readonly Interval[] = [],
): SlotDay[] {
  const days: SlotDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const slots = slotsOnDay(schedule, date, now, busy);
    days.push({
      date,
      weekday: weekdayOf(date),
      morning: slots.filter((s) => s.localTime < '12:00'),
      afternoon: slots.filter((s) => s.localTime >= '12:00'),
    });
  }
  return days;
}

/**
 * The first `limit` free slots from `from` (default: today in the office's zone) up to `to`
 * (default: `lookaheadDays` later). Listings use it for "next available" and the availability
 * sort, up to MAX_LIST_CANDIDATES times per request, so it walks the day's start times and
 * builds only the slots it returns (same result as taking them from slotsOnDay).
 */
export function nextSlots(
  schedule: WeeklySchedule,
  options: { now: Date; limit: number; lookaheadDays: number; from?: string; to?: string; busy?: readonly Interval[] },
): Slot[] {
  const today = todayIn(schedule.timeZone, options.now);
  const from = options.from && options.from > today ? options.from : today;
  const firstDay = dayNumber(from);
  const lastDay = options.to ? dayNumber(options.to) : firstDay + options.lookaheadDays - 1;
  const nowMs = options.now.getTime();
  const busy = options.busy ?? [];
  const found: Slot[] = [];
  for (let day = firstDay; day <= lastDay && found.length < options.limit; day++) {
    // 1970-01-01 was a Thursday.
    const weekday = (((day + 4) % 7) + 7) % 7;
    if (!schedule.workingDays.includes(weekday)) continue;
    const starts: number[] = [];
    for (const hours of schedule.businessHours) {
      if (hours.weekday !== weekday) continue;
      const closes = minutesOf(hours.closes);
      for (let start = minutesOf(hours.opens); start + SLOT_MINUTES <= closes; start += SLOT_MINUTES)
        starts.push(start);
    }
    if (!starts.length) continue;
    const date = dateOfDay(day);
    const offsets = offsetsOn(date, day, schedule.timeZone);
    // The latest start happens no later than this (the smaller offset of the day).
    const latest = day * DAY_MS + Math.max(...starts) * 60_000 - Math.min(offsets.before, offsets.after);
    if (latest <= nowMs) continue; // the whole day is past
    // startInstant keeps local order (a repeated hour is taken once, at its first occurrence),
    // so local order is time order, as in slotsOnDay.
    starts.sort((a, b) => a - b);
    for (const start of starts) {
      const startMs = startInstant(day, start, offsets, schedule.timeZone);
      if (startMs === undefined || startMs <= nowMs) continue;
      const endMs = startMs + SLOT_MINUTES * 60_000;
      if (busy.some((b) => b.start < endMs && b.end > startMs)) continue;
      found.push({
        start: new Date(startMs).toISOString(),
        end: new Date(endMs).toISOString(),
        localDate: date,
        localTime: `${pad2(Math.floor(start / 60))}:${pad2(start % 60)}`,
      });
      if (found.length === options.limit) break;
    }
  }
  return found;
}

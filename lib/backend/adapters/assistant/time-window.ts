import 'server-only';
import { addDays, todayIn } from '../../scheduling/slots';

export { addDays, todayIn };

/*
 * When the visitor wants to come in, from English or Spanish words: "tomorrow afternoon",
 * "this week", "on Friday", "December 3", "3 de diciembre", "mañana por la tarde", "lo antes
 * posible". A small table-driven reader rather than a general date library (chrono-node): the
 * assistant needs only whole days, a part of the day and "as soon as possible", the same way in
 * both languages, and Spanish "mañana" (tomorrow, or morning after "la") needs a rule of its own.
 * The text arrives folded (lower case, no accents; see request-parser.ts).
 */

export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/** Whole office-local days from `from` to `to` (YYYY-MM-DD), or the soonest free time. */
export type TimeWindow =
  { kind: 'days'; from: string; to: string; partOfDay?: PartOfDay } | { kind: 'soonest'; partOfDay?: PartOfDay };

/** The visitor's today (YYYY-MM-DD in their time zone). */
export interface Today {
  date: string;
}

/** Listings take date ranges of at most 31 days; "this month" and the like stay within it. */
const MAX_SPAN_DAYS = 31;

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const WEEKDAYS: Record<string, number> = {
  sunday: 0,
  sun: 0,
  domingo: 0,
  monday: 1,
  mon: 1,
  lunes: 1,
  tuesday: 2,
  tue: 2,
  tues: 2,
  martes: 2,
  wednesday: 3,
  wed: 3,
  miercoles: 3,
  thursday: 4,
  thu: 4,
  thurs: 4,
  jueves: 4,
  friday: 5,
  fri: 5,
  viernes: 5,
  saturday: 6,
  sat: 6,
  sabado: 6,
};

const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  enero: 1,
  february: 2,
  feb: 2,
  febrero: 2,
  march: 3,
  mar: 3,
  marzo: 3,
  april: 4,
  apr: 4,
  abril: 4,
  may: 5,
  mayo: 5,
  june: 6,
  jun: 6,
  junio: 6,
  july: 7,
  jul: 7,
  julio: 7,
  august: 8,
  aug: 8,
  agosto: 8,
  september: 9,
  sep: 9,
  sept: 9,
  septiembre: 9,
  setiembre: 9,
  october: 10,
  oct: 10,
  octubre: 10,
  november: 11,
  nov: 11,
  noviembre: 11,
  december: 12,
  dec: 12,
  diciembre: 12,
};

const SOONEST = [
  'as soon as possible',
  'asap',
  'soonest',
  'earliest',
  'first available',
  'next available',
  'any time',
  'anytime',
  'any day',
  'whenever',
  'lo antes posible',
  'cuanto antes',
  'lo mas pronto',
  'cuando sea',
  'cualquier dia',
  'primera cita disponible',
  'lo mas rapido',
  'urgente',
  'urgent',
  'right away',
  'de inmediato',
];

/** Words that belong to a time phrase: the request parser stops a place name at them. */
export const TIME_WORDS = new Set([
  'today',
  'tonight',
  'tomorrow',
  'tmrw',
  'this',
  'next',
  'week',
  'weekend',
  'morning',
  'afternoon',
  'evening',
  'asap',
  'hoy',
  'manana',
  'pasado',
  'esta',
  'este',
  'proxima',
  'proximo',
  'semana',
  'tarde',
  'noche',
  'finde',
  'on',
  ...Object.keys(WEEKDAYS),
]);

function has(text: string, phrase: string): boolean {
  return new RegExp(`(?:^| )${phrase.replace(/ /g, ' +')}(?: |$)`).test(text);
}

function anyOf(text: string, phrases: readonly string[]): boolean {
  return phrases.some((p) => has(text, p));
}

function partOfDayIn(text: string): PartOfDay | undefined {
  // Spanish "mañana" is the morning after an article ("por la mañana", "en la mañana").
  if (anyOf(text, ['morning', 'mornings', 'la manana', 'las mananas', 'temprano', 'early'])) return 'morning';
  if (anyOf(text, ['evening', 'evenings', 'tonight', 'after work', 'noche', 'la noche', 'despues del trabajo']))
    return 'evening';
  if (anyOf(text, ['afternoon', 'afternoons', 'after lunch', 'tarde', 'la tarde', 'las tardes', 'mediodia']))
    return 'afternoon';
  return undefined;
}

/** The next day (today included) that falls on `weekday`. */
function nextWeekday(today: string, weekday: number, skipToday = false): string {
  let ahead = (weekday - weekdayOf(today) + 7) % 7;
  if (ahead === 0 && skipToday) ahead = 7;
  return addDays(today, ahead);
}

/** A calendar date from month and day, this year or next (a date already past means next year's). */
function monthDay(today: string, month: number, day: number, year?: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const thisYear = Number(today.slice(0, 4));
  const build = (y: number) => {
    const date = new Date(Date.UTC(y, month - 1, day));
    return date.getUTCMonth() === month - 1 ? date.toISOString().slice(0, 10) : undefined;
  };
  if (year !== undefined) return build(year);
  const candidate = build(thisYear);
  if (!candidate) return undefined;
  return candidate < today ? build(thisYear + 1) : candidate;
}

const MONTH_NAMES = Object.keys(MONTHS).join('|');

/** An explicit date: 2026-12-03, December 3(rd), 3 December, 3 de diciembre, 12/3 (day first in Spanish). */
function explicitDate(text: string, today: string, locale: 'en' | 'es'): string | undefined {
  let m = /(?:^| )(\d{4})-(\d{2})-(\d{2})(?: |$)/.exec(text);
  if (m) return monthDay(today, Number(m[2]), Number(m[3]), Number(m[1]));
  m = new RegExp(`(?:^| )(${MONTH_NAMES}) (\\d{1,2})(?:st|nd|rd|th)?(?: |$)`).exec(text);
  if (m) return monthDay(today, MONTHS[m[1]!]!, Number(m[2]));
  m = new RegExp(`(?:^| )(\\d{1,2})(?:st|nd|rd|th)? (?:de |of )?(${MONTH_NAMES})(?: |$)`).exec(text);
  if (m) return monthDay(today, MONTHS[m[2]!]!, Number(m[1]));
  m = /(?:^| )(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?(?: |$)/.exec(text);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const year = m[3] ? Number(m[3].length === 2 ? `20${m[3]}` : m[3]) : undefined;
    return locale === 'es' ? monthDay(today, b, a, year) : monthDay(today, a, b, year);
  }
  return undefined;
}

function days(from: string, to: string, partOfDay: PartOfDay | undefined): TimeWindow {
  return partOfDay ? { kind: 'days', from, to, partOfDay } : { kind: 'days', from, to };
}

/**
 * The time window a message names, or undefined when it names none. A part of the day alone
 * ("in the afternoon") is the soonest such time. `locale` decides only whether 3/12 is March 12
 * or 3 December.
 */
export function parseTimeWindow(text: string, today: Today, locale: 'en' | 'es'): TimeWindow | undefined {
  const t = ` ${text} `.replace(/ +/g, ' ').trim();
  const part = partOfDayIn(t);
  const date = today.date;
  const wd = weekdayOf(date);

  if (anyOf(t, ['day after tomorrow', 'pasado manana'])) return days(addDays(date, 2), addDays(date, 2), part);
  // "mañana" is tomorrow unless it only appears as "la mañana" (the morning).
  const tomorrow =
    anyOf(t, ['tomorrow', 'tmrw', 'tomorow']) ||
    / manana /.test(` ${t.replace(/ (la|las|por la|en la|de la) manana/g, ' ')} `);
  if (tomorrow) return days(addDays(date, 1), addDays(date, 1), part);
  if (
    anyOf(t, [
      'today',
      'tonight',
      'this morning',
      'this afternoon',
      'this evening',
      'hoy',
      'esta tarde',
      'esta manana',
      'esta noche',
    ])
  ) {
    return days(date, date, part);
  }
  if (anyOf(t, ['next week', 'la semana que viene', 'la proxima semana', 'la semana proxima', 'proxima semana'])) {
    const monday = nextWeekday(date, 1, true);
    return days(monday, addDays(monday, 6), part);
  }
  if (anyOf(t, ['this weekend', 'weekend', 'este fin de semana', 'fin de semana', 'el finde', 'finde'])) {
    const saturday = wd === 0 ? date : nextWeekday(date, 6);
    return days(saturday, nextWeekday(date, 0), part);
  }
  if (anyOf(t, ['this week', 'esta semana', 'within the week', 'en la semana'])) {
    return days(date, addDays(date, (7 - wd) % 7), part);
  }
  if (anyOf(t, ['this month', 'este mes', 'next few weeks', 'proximas semanas', 'las proximas semanas'])) {
    return days(date, addDays(date, MAX_SPAN_DAYS - 1), part);
  }
  const inDays = /(?:^| )(?:in|en|dentro de) (\d{1,2}) (?:days|dias)(?: |$)/.exec(t);
  if (inDays && Number(inDays[1]) <= 365) {
    const d = addDays(date, Number(inDays[1]));
    return days(d, d, part);
  }
  const explicit = explicitDate(t, date, locale);
  if (explicit) return days(explicit, explicit, part);
  for (const [word, weekday] of Object.entries(WEEKDAYS)) {
    // Short forms ("sat", "mar") only with "on"/"el" in front: "mar" is also March and Spanish for sea.
    if (word.length <= 4 && !has(t, `on ${word}`)) continue;
    if (has(t, word)) {
      const d = nextWeekday(date, weekday, anyOf(t, [`next ${word}`, `el proximo ${word}`, `el ${word} que viene`]));
      return days(d, d, part);
    }
  }
  if (anyOf(t, SOONEST)) return part ? { kind: 'soonest', partOfDay: part } : { kind: 'soonest' };
  if (part) return { kind: 'soonest', partOfDay: part };
  return undefined;
}

/** The slot's local time (HH:mm) falls in the part of the day: morning before 12, evening from 17. */
export function inPartOfDay(localTime: string, part: PartOfDay | undefined): boolean {
  if (!part) return true;
  const hour = Number(localTime.slice(0, 2));
  if (part === 'morning') return hour < 12;
  if (part === 'afternoon') return hour >= 12;
  return hour >= 17;
}

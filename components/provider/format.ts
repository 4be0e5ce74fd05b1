import { dateTimeFormat, numberFormat } from '@/lib/display/intl-formats';

/*
 * Formatting for the provider and clinic pages with the platform's Intl (no library: these
 * run on the server for the cached pages and in the slot picker in the browser).
 */

const intlLocale = (locale: string) => (locale === 'es' ? 'es-US' : 'en-US');

/** "09:00" (office wall-clock time) as "9:00 AM" / "9:00 a. m.". */
export function formatWallTime(hhmm: string, locale: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return dateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 1, h, m),
  );
}

/** A slot's start (an instant) in the office's time zone. */
export function formatInstantTime(iso: string, timeZone: string, locale: string): string {
  return dateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** Weekday name, 0 = Sunday (2024-01-07 was a Sunday). */
export function weekdayName(weekday: number, locale: string, width: 'long' | 'short' = 'long'): string {
  return dateTimeFormat(intlLocale(locale), { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + weekday));
}

/** An office-local calendar date (YYYY-MM-DD) for people: "Mon, Nov 23". */
export function formatLocalDate(
  date: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' },
): string {
  const [y = 1970, mo = 1, d = 1] = date.split('-').map(Number);
  return dateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' }).format(Date.UTC(y, mo - 1, d));
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** YYYY-MM-DD plus whole days. */
export function addDays(date: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Fees are US dollars in cents. */
export function formatFee(cents: number, locale: string): string {
  return numberFormat(intlLocale(locale), {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: cents % 100 ? 2 : 0,
  }).format(cents / 100);
}

export function formatRating(average: number, locale: string): string {
  return numberFormat(intlLocale(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}

export function formatReviewDate(iso: string, locale: string): string {
  return dateTimeFormat(intlLocale(locale), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

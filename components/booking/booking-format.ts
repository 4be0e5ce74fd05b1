import { formatInstantTime, formatLocalDate, timeZoneName } from '@/components/provider/format';

/*
 * Dates, times and zones on the booking page: always the office's wall clock, with its zone
 * named (issue 12). The spec's labels ('EST - EASTERN TIME ZONE') come from
 * lib/display/time-zone-label.ts once it lands; until then the platform's zone name stands in,
 * through this one function.
 */
export function zoneLabel(timeZone: string, locale: string, at?: Date): string {
  return timeZoneName(timeZone, locale, at);
}

/** "Monday, November 30, 2026" for an office-local date. */
export function longDate(localDate: string, locale: string): string {
  return formatLocalDate(localDate, locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

export function slotTime(start: string, timeZone: string, locale: string): string {
  return formatInstantTime(start, timeZone, locale);
}

/** The office-local date (YYYY-MM-DD) of an instant. */
export function localDateOf(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}

/** Google Calendar's "add event" link (times in UTC, as the template takes them). */
export function googleCalendarUrl(event: { title: string; start: string; end: string; details: string; location: string }): string {
  const stamp = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${stamp(event.start)}/${stamp(event.end)}`,
    details: event.details,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

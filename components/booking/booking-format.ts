import { formatInstantTime } from '@/components/provider/format';

export { googleCalendarUrl } from '@/lib/display/calendar-links';

/*
 * Dates, times and zones on the booking page: always the office's wall clock, with its zone
 * named by the spec's labels ('EST - EASTERN TIME ZONE').
 */
export { longDate, zoneLabel } from '@/components/appointments/format';

export function slotTime(start: string, timeZone: string, locale: string): string {
  return formatInstantTime(start, timeZone, locale);
}

/** The office-local date (YYYY-MM-DD) of an instant. */
export function localDateOf(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}

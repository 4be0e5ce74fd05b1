/*
 * "Add to calendar" on the booked screen. Client-safe and tiny. Google Calendar takes
 * the event in its URL; times go in UTC (the trailing Z), so the visitor's calendar shows them in
 * its own zone, as the .ics attachment does (lib/backend/calendar/ics.ts).
 */

export interface CalendarLinkEvent {
  title: string;
  start: Date;
  end: Date;
  details: string;
  location?: string;
}

/** 2027-03-14T07:00:00.000Z as 20270314T070000Z (iCalendar's UTC form). */
export function calendarUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export function googleCalendarUrl(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({ action: 'TEMPLATE', text: event.title, details: event.details });
  if (event.location) params.set('location', event.location);
  // `dates` is written raw: digits, T, Z and the slash Google expects between the two times.
  return `https://calendar.google.com/calendar/render?${params.toString()}&dates=${calendarUtc(event.start)}/${calendarUtc(event.end)}`;
}

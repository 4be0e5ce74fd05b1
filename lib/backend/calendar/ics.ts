import 'server-only';
import { createEvent } from 'ics';

/*
 * The calendar file attached to booking, reschedule and cancellation emails (issue 12). Times
 * are written in UTC (DTSTART:20270314T070000Z): every calendar shows them in its own user's
 * zone, right across daylight-saving changes, without shipping VTIMEZONE rules. One UID per
 * appointment and a rising SEQUENCE make a reschedule update the event already in the
 * patient's calendar and a CANCEL remove it (RFC 5546).
 */

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface AppointmentIcsInput {
  /** Stable per appointment, e.g. `appointment-<id>@<host>`. */
  uid: string;
  /** 0 when booked, one more at each reschedule and at the cancellation. */
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  end: Date;
  title: string;
  description: string;
  location?: string;
  url?: string;
  organizer: CalendarPerson;
  attendee: CalendarPerson;
}

/** The .ics text (iCalendar, CRLF line ends) of one appointment. */
export function appointmentIcs(input: AppointmentIcsInput): string {
  const { error, value } = createEvent({
    productId: 'dental-booking/appointments',
    method: input.method,
    uid: input.uid,
    sequence: input.sequence,
    start: input.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: input.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: input.title,
    description: input.description,
    ...(input.location ? { location: input.location } : {}),
    ...(input.url ? { url: input.url } : {}),
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: input.organizer.name, email: input.organizer.email },
    // The patient booked it: nothing to answer.
    attendees: [{ name: input.attendee.name, email: input.attendee.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
  });
  if (error || !value) throw error ?? new Error('ics produced no calendar');
  return value;
}

import 'server-only';
import { createEvent, type EventAttributes } from 'ics';

/*
 * The calendar file attached to booking, reschedule and cancellation emails, written by the
 * `ics` package. Times are written in UTC (DTSTART:20270314T070000Z): every calendar shows them
 * in its own user's zone, right across daylight-saving changes, without shipping VTIMEZONE
 * rules. One UID per appointment and a rising SEQUENCE make a reschedule update the event
 * already in the patient's calendar and a CANCEL remove it (RFC 5546).
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

/**
 * The package folds at 75 characters; RFC 5545 3.1 says 75 octets, and a Spanish name or an
 * emoji makes those differ. Unfolded and folded again by octets, never inside a character.
 */
function foldByOctets(ics: string): string {
  return ics
    .replace(/\r\n\t/g, '')
    .split('\r\n')
    .map((line) => {
      if (Buffer.byteLength(line) <= 75) return line;
      const parts: string[] = [];
      let current = '';
      let limit = 75;
      for (const character of line) {
        if (Buffer.byteLength(current + character) > limit) {
          parts.push(current);
          current = '';
          limit = 74; // the tab that starts a continuation line takes one
        }
        current += character;
      }
      parts.push(current);
      return parts.join('\r\n\t');
    })
    .join('\r\n');
}

/** The .ics text (iCalendar, CRLF line ends) of one appointment. Throws what the package refuses. */
export function appointmentIcs(input: AppointmentIcsInput, now: Date = new Date()): string {
  if (!(input.end.getTime() > input.start.getTime())) throw new Error('end must be after start');
  // DTSTAMP: the package takes `timestamp` (its schema has it) though its types leave it out.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: 'dental-booking/appointments',
    method: input.method,
    uid: input.uid,
    sequence: input.sequence,
    timestamp: now.getTime(),
    start: input.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: input.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: input.title,
    ...(input.description ? { description: input.description } : {}),
    ...(input.location ? { location: input.location } : {}),
    ...(input.url ? { url: input.url } : {}),
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: input.organizer.name || 'Organizer', email: input.organizer.email },
    // The patient booked it: nothing to answer.
    attendees: [
      {
        name: input.attendee.name || 'Unnamed attendee',
        email: input.attendee.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('the calendar file could not be written');
  return foldByOctets(value);
}

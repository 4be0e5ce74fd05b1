import 'server-only';

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

/*
 * Written here rather than by the `ics` package's createEvent: that validates every event
 * against a yup schema first, which cost about 2 ms of CPU per booking, reschedule and
 * cancellation (a third of a booking's server time, lib/bench/booking-profile.ts). The lines,
 * their order and escaping are the package's (ics.test.ts compares the two line by line);
 * long lines are folded at 75 octets (RFC 5545 3.1) without splitting a character.
 */

/** TEXT values (RFC 5545 3.3.11): backslash, newline, semicolon and comma escaped. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/;/g, '\\;').replace(/,/g, '\\,');
}

/** A quoted parameter value (CN="..."), as the package writes it. */
function param(value: string): string {
  return `"${value.replaceAll('"', '\\"')}"`;
}

/** No line breaks inside a value that is not TEXT (they would start a new property). */
function oneLine(value: string): string {
  return value.replace(/\r?\n/g, '\\n');
}

function utc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/** UTF-8 octets of one code point. */
function octetsOf(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** A content line folded at 75 octets, continuation lines starting with one tab. */
function fold(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  let limit = 75;
  for (let i = 0; i < line.length; ) {
    const codePoint = line.codePointAt(i)!;
    const size = octetsOf(codePoint);
    if (octets + size > limit) {
      parts.push(line.slice(start, i));
      start = i;
      octets = 0;
      limit = 74; // the tab takes one
    }
    octets += size;
    i += codePoint > 0xffff ? 2 : 1;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n\t');
}

/** Plain addresses only: no spaces, quotes, angle brackets or line breaks (they would break the line). */
const EMAIL = /^[^\s@"<>,;:]+@[^\s@"<>,;:]+\.[^\s@"<>,;:]+$/;

function checkEmail(who: string, email: string): void {
  if (!EMAIL.test(email)) throw new Error(`${who} email must be a valid email`);
}

/** The .ics text (iCalendar, CRLF line ends) of one appointment. */
export function appointmentIcs(input: AppointmentIcsInput, now: Date = new Date()): string {
  checkEmail('organizer', input.organizer.email);
  checkEmail('attendee', input.attendee.email);
  if (!Number.isInteger(input.sequence) || input.sequence < 0) throw new Error('sequence must be a whole number');
  if (!(input.end.getTime() > input.start.getTime())) throw new Error('end must be after start');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:dental-booking/appointments',
    `METHOD:${input.method}`,
    'X-PUBLISHED-TTL:PT1H',
    'BEGIN:VEVENT',
    `UID:${oneLine(input.uid)}`,
    `SUMMARY:${text(input.title)}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(input.start)}`,
    `DTEND:${utc(input.end)}`,
    `SEQUENCE:${input.sequence}`,
    ...(input.description ? [`DESCRIPTION:${text(input.description)}`] : []),
    ...(input.url ? [`URL:${oneLine(input.url)}`] : []),
    ...(input.location ? [`LOCATION:${text(input.location)}`] : []),
    `STATUS:${input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    `ORGANIZER;CN=${param(oneLine(input.organizer.name || 'Organizer'))}:MAILTO:${input.organizer.email}`,
    'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
    // The patient booked it: nothing to answer.
    `ATTENDEE;RSVP=FALSE;ROLE="REQ-PARTICIPANT";PARTSTAT="ACCEPTED";CN=${param(oneLine(input.attendee.name || 'Unnamed attendee'))}:mailto:${input.attendee.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

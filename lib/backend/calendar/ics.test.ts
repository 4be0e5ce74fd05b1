import { describe, expect, it } from 'vitest';
import { calendarUtc, googleCalendarUrl } from '../../display/calendar-links';
import { appointmentIcs, type AppointmentIcsInput } from './ics';

/** Unfolds and splits an iCalendar text into [name with parameters, value] lines (RFC 5545 3.1). */
function parseIcs(text: string): Array<[string, string]> {
  expect(text).toContain('\r\n');
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      // The value starts after the first colon outside a quoted parameter.
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        if (line[i] === '"') quoted = !quoted;
        else if (line[i] === ':' && !quoted) return [line.slice(0, i), line.slice(i + 1)] as [string, string];
      }
      throw new Error(`not a content line: ${line}`);
    });
}

function value(lines: Array<[string, string]>, name: string): string | undefined {
  return lines.find(([key]) => key === name || key.startsWith(`${name};`))?.[1];
}

const booked: AppointmentIcsInput = {
  uid: 'appointment-42@dental-booking.local',
  sequence: 0,
  method: 'REQUEST',
  // 9:00 in New York on the first day of daylight saving (EDT, UTC-4).
  start: new Date('2027-03-14T13:00:00Z'),
  end: new Date('2027-03-14T14:00:00Z'),
  title: 'Dental appointment with Dr. Ana Ruiz, DDS',
  description: 'Reason: cleaning; bring your insurance card.\nBooking reference: 42',
  location: '1 Main St, Austin, TX 78701',
  url: 'http://localhost:3000/appointment-details/42',
  organizer: { name: 'Smile Dental', email: 'no-reply@dental-booking.local' },
  attendee: { name: 'Pat Patient', email: 'pat@example.com' },
};

describe('appointmentIcs', () => {
  it('writes a REQUEST in UTC that parses back', () => {
    const lines = parseIcs(appointmentIcs(booked));
    expect(lines[0]).toEqual(['BEGIN', 'VCALENDAR']);
    expect(lines.at(-1)).toEqual(['END', 'VCALENDAR']);
    expect(value(lines, 'METHOD')).toBe('REQUEST');
    expect(value(lines, 'UID')).toBe(booked.uid);
    expect(value(lines, 'SEQUENCE')).toBe('0');
    expect(value(lines, 'DTSTART')).toBe('20270314T130000Z');
    expect(value(lines, 'DTEND')).toBe('20270314T140000Z');
    expect(value(lines, 'STATUS')).toBe('CONFIRMED');
    expect(value(lines, 'SUMMARY')).toBe('Dental appointment with Dr. Ana Ruiz\\, DDS');
    expect(value(lines, 'DESCRIPTION')).toBe('Reason: cleaning\\; bring your insurance card.\\nBooking reference: 42');
    expect(value(lines, 'LOCATION')).toBe('1 Main St\\, Austin\\, TX 78701');
    expect(value(lines, 'URL')).toBe(booked.url);
    expect(value(lines, 'ORGANIZER')?.toLowerCase()).toBe('mailto:no-reply@dental-booking.local');
    expect(value(lines, 'ATTENDEE')?.toLowerCase()).toBe('mailto:pat@example.com');
    // No floating or zoned local times anywhere.
    expect(
      lines.filter(([key]) => key.startsWith('DTSTART') || key.startsWith('DTEND')).every(([, v]) => v.endsWith('Z')),
    ).toBe(true);
  });

  it('writes a CANCEL with the same UID, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const lines = parseIcs(appointmentIcs({ ...booked, method: 'CANCEL', sequence: 2 }));
    expect(value(lines, 'METHOD')).toBe('CANCEL');
    expect(value(lines, 'UID')).toBe(booked.uid);
    expect(value(lines, 'SEQUENCE')).toBe('2');
    expect(value(lines, 'STATUS')).toBe('CANCELLED');
  });

  it('leaves out what is not given', () => {
    const lines = parseIcs(appointmentIcs({ ...booked, location: undefined, url: undefined }));
    expect(value(lines, 'LOCATION')).toBeUndefined();
    expect(value(lines, 'URL')).toBeUndefined();
  });

  it('throws what the iCalendar library refuses instead of writing a broken file', () => {
    expect(() => appointmentIcs({ ...booked, organizer: { name: 'x', email: 'not an email' } })).toThrow(/valid email/);
    expect(() => appointmentIcs({ ...booked, end: booked.start })).toThrow(/after start/);
  });
});

describe('googleCalendarUrl', () => {
  it('carries the title, details, location and the UTC dates', () => {
    const url = new URL(
      googleCalendarUrl({
        title: booked.title,
        start: booked.start,
        end: booked.end,
        details: 'Reason: cleaning & more',
        location: booked.location,
      }),
    );
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(booked.title);
    expect(url.searchParams.get('details')).toBe('Reason: cleaning & more');
    expect(url.searchParams.get('location')).toBe(booked.location);
    expect(url.searchParams.get('dates')).toBe('20270314T130000Z/20270314T140000Z');
    expect(url.search).toContain('&dates=20270314T130000Z/20270314T140000Z');
  });

  it('omits the location when there is none (teledental) and writes UTC whatever the date', () => {
    const url = new URL(
      googleCalendarUrl({
        title: 'Video visit',
        start: new Date('2027-11-07T06:30:00Z'),
        end: new Date('2027-11-07T07:30:00Z'),
        details: '',
      }),
    );
    expect(url.searchParams.has('location')).toBe(false);
    expect(url.searchParams.get('dates')).toBe('20271107T063000Z/20271107T073000Z');
    expect(calendarUtc(new Date(Date.UTC(2027, 0, 2, 3, 4, 5, 678)))).toBe('20270102T030405Z');
  });
});

describe('appointmentIcs folding', () => {
  it('folds at 75 octets without splitting a character, and unfolds to the same text', () => {
    const input: AppointmentIcsInput = {
      ...booked,
      title: 'Cita dental con la Dra. Núñez, DDS; "niños" \\ limpieza',
      description: `Limpieza y revisión\r\n${'ñ'.repeat(120)} 😀 fin`,
      location: 'Clínica Sonrisa, 123 Calle Ñandú, Suite 4, San Juan, PR 00901',
      attendee: { name: 'José "Pepe" Ibáñez', email: 'jose@example.com' },
    };
    const ics = appointmentIcs(input, new Date('2027-01-01T00:00:00Z'));
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
    const lines = parseIcs(ics);
    expect(value(lines, 'DESCRIPTION')).toBe(`Limpieza y revisión\\n${'ñ'.repeat(120)} 😀 fin`);
    expect(value(lines, 'LOCATION')).toBe('Clínica Sonrisa\\, 123 Calle Ñandú\\, Suite 4\\, San Juan\\, PR 00901');
    expect(value(lines, 'DTSTAMP')).toBe('20270101T000000Z');
    expect(lines.find(([key]) => key.startsWith('ATTENDEE'))?.[0]).toContain('CN=');
  });
});

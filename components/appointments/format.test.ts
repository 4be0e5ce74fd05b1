import { describe, expect, it } from 'vitest';
import { instantParts, longDate, zoneLabel } from './format';

describe('appointment times in the office zone', () => {
  it("names the zone with the spec's labels", () => {
    expect(zoneLabel('America/New_York', 'en')).toBe('EST - EASTERN TIME ZONE');
    expect(zoneLabel('America/Phoenix', 'en')).toBe('MST (ARIZONA) - MOUNTAIN TIME ZONE');
  });

  it('shows an instant as the office-local date and time, whatever the zone of the machine (daylight saving included)', () => {
    expect(instantParts('2026-07-01T14:00:00Z', 'America/New_York', 'en').time).toBe('10:00 AM');
    expect(instantParts('2026-12-01T15:00:00Z', 'America/New_York', 'en').time).toBe('10:00 AM');
    // 03:30 UTC on Dec 1 is still Nov 30 in Los Angeles.
    expect(instantParts('2026-12-01T03:30:00Z', 'America/Los_Angeles', 'en')).toEqual({
      date: 'Monday, November 30, 2026',
      time: '7:30 PM',
      zone: 'PST - PACIFIC TIME ZONE',
    });
    expect(instantParts('2026-12-01T03:30:00Z', 'America/Los_Angeles', 'es').date).toBe(
      'lunes, 30 de noviembre de 2026',
    );
  });

  it('writes an office-local date in full', () => {
    expect(longDate('2026-11-30', 'en')).toBe('Monday, November 30, 2026');
  });
});

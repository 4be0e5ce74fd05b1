import { describe, expect, it } from 'vitest';
import { instantParts, longDate, zoneLabel } from './format';

describe('appointment times in the office zone', () => {
  it('names the zone as it is on the day of the visit (daylight saving)', () => {
    expect(zoneLabel('America/New_York', 'en', '2026-07-01T14:00:00Z')).toBe('Eastern Daylight Time');
    expect(zoneLabel('America/New_York', 'en', '2026-12-01T15:00:00Z')).toBe('Eastern Standard Time');
    expect(zoneLabel('America/Phoenix', 'en', '2026-07-01T14:00:00Z')).toBe('Mountain Standard Time');
  });

  it('shows an instant as the office-local date and time, whatever the zone of the machine', () => {
    // 03:30 UTC on Dec 1 is still Nov 30 in Los Angeles.
    expect(instantParts('2026-12-01T03:30:00Z', 'America/Los_Angeles', 'en')).toEqual({
      date: 'Monday, November 30, 2026',
      time: '7:30 PM',
      zone: 'Pacific Standard Time',
    });
    expect(instantParts('2026-12-01T03:30:00Z', 'America/Los_Angeles', 'es').date).toBe('lunes, 30 de noviembre de 2026');
  });

  it('writes an office-local date in full', () => {
    expect(longDate('2026-11-30', 'en')).toBe('Monday, November 30, 2026');
  });
});

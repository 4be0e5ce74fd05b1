import { describe, expect, it } from 'vitest';
import { SPEC_TIME_ZONES, specTimeZone, timeZoneLabel, type SpecTimeZone } from './time-zone-label';

/** UTC offset (minutes) of a zone at an instant, from Intl. */
function offset(zone: string, iso: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')!.value;
}

describe('timeZoneLabel', () => {
  it("names the spec's zones as the spec writes them, in English", () => {
    expect(timeZoneLabel('America/New_York', 'en')).toBe('EST - EASTERN TIME ZONE');
    expect(timeZoneLabel('America/Indiana/Indianapolis', 'en')).toBe('EST - EASTERN TIME ZONE');
    expect(timeZoneLabel('America/Chicago', 'en')).toBe('CST - CENTRAL TIME ZONE');
    expect(timeZoneLabel('America/Denver', 'en')).toBe('MST - MOUNTAIN TIME ZONE');
    expect(timeZoneLabel('America/Phoenix', 'en')).toBe('MST (ARIZONA) - MOUNTAIN TIME ZONE');
    expect(timeZoneLabel('America/Los_Angeles', 'en')).toBe('PST - PACIFIC TIME ZONE');
    expect(timeZoneLabel('America/Anchorage', 'en')).toBe('AKST - ALASKA TIME ZONE');
    expect(timeZoneLabel('Pacific/Honolulu', 'en')).toBe('HST - HAWAII TIME ZONE');
    expect(timeZoneLabel('America/Puerto_Rico', 'en')).toBe('AST - ATLANTIC TIME ZONE');
    expect(timeZoneLabel('America/Halifax', 'en')).toBe('AST - ATLANTIC TIME ZONE');
    expect(timeZoneLabel('Asia/Karachi', 'en')).toBe('PKT - PAKISTAN TIME ZONE');
    expect(timeZoneLabel('Asia/Kolkata', 'en')).toBe('IST - INDIA TIME ZONE');
  });

  it('translates them to Spanish', () => {
    expect(timeZoneLabel('America/New_York', 'es')).toBe('EST - ZONA HORARIA DEL ESTE');
    expect(timeZoneLabel('America/Chicago', 'es')).toBe('CST - ZONA HORARIA DEL CENTRO');
    expect(timeZoneLabel('America/Phoenix', 'es')).toBe('MST (ARIZONA) - ZONA HORARIA DE LA MONTAÑA');
    expect(timeZoneLabel('America/Los_Angeles', 'es')).toBe('PST - ZONA HORARIA DEL PACÍFICO');
    expect(timeZoneLabel('Pacific/Honolulu', 'es')).toBe('HST - ZONA HORARIA DE HAWÁI');
  });

  it("falls back to Intl's localized generic name for other zones", () => {
    expect(timeZoneLabel('Europe/Madrid', 'en')).toBe('Central European Time');
    expect(timeZoneLabel('Europe/Madrid', 'es')).toMatch(/europa central/i);
    expect(timeZoneLabel('America/Adak', 'en')).toMatch(/Hawaii-Aleutian/);
    expect(timeZoneLabel('Not/A_Zone', 'en')).toBe('Not/A_Zone');
  });

  it('covers each IANA zone once, and each keeps the clock of its option', () => {
    const all = Object.values(SPEC_TIME_ZONES).flat();
    expect(new Set(all).size).toBe(all.length);
    for (const [option, zones] of Object.entries(SPEC_TIME_ZONES) as [SpecTimeZone, readonly string[]][]) {
      const [first] = zones;
      for (const zone of zones) {
        expect(specTimeZone(zone)).toBe(option);
        // Winter offsets agree; summer ones too, except Atlantic, where Puerto Rico keeps no daylight saving.
        expect(offset(zone, '2026-01-15T12:00:00Z'), zone).toBe(offset(first!, '2026-01-15T12:00:00Z'));
        if (option !== 'AST')
          expect(offset(zone, '2026-07-15T12:00:00Z'), zone).toBe(offset(first!, '2026-07-15T12:00:00Z'));
      }
    }
  });
});

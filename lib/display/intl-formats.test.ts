import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats';

describe('Intl formatters built once', () => {
  it('gives the same formatter for the same locale and options, and another for others', () => {
    const a = dateTimeFormat('en-US', { hour: 'numeric', timeZone: 'America/New_York' });
    expect(dateTimeFormat('en-US', { hour: 'numeric', timeZone: 'America/New_York' })).toBe(a);
    const b = dateTimeFormat('en-US', { hour: 'numeric', timeZone: 'America/Los_Angeles' });
    expect(b).not.toBe(a);
    const instant = new Date('2026-11-30T15:00:00Z');
    expect([a.format(instant), b.format(instant)]).toEqual(['10 AM', '7 AM']);
    expect(dateTimeFormat('es-US', { hour: 'numeric', timeZone: 'America/New_York' })).not.toBe(a);
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD' }).format(12.5)).toBe('$12.50');
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD' })).toBe(
      numberFormat('en-US', { style: 'currency', currency: 'USD' }),
    );
  });

  it('refuses a zone that does not exist, every time (it is never kept)', () => {
    for (let i = 0; i < 2; i++)
      expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, formatInstantTime, formatLocalDate, formatReviewDate, todayIn, weekdayName } from './format';

describe('provider page formatting', () => {
  it('formats one instant in each office time zone, reusing formatters without mixing them up', () => {
    const start = '2026-11-30T15:00:00Z';
    for (let i = 0; i < 2; i++) {
      expect(formatInstantTime(start, 'America/New_York', 'en')).toBe('10:00 AM');
      expect(formatInstantTime(start, 'America/Los_Angeles', 'en')).toBe('7:00 AM');
      expect(formatInstantTime(start, 'America/New_York', 'es')).toMatch(/^10:00\sa\.\s?m\.$/);
    }
  });

  it('keeps the calendar date of the office, whatever the locale', () => {
    const lateEvening = new Date('2026-11-30T04:30:00Z');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-29');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('names days and dates in each language', () => {
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(1, 'es')).toBe('lunes');
    expect(formatLocalDate('2026-11-30', 'en')).toBe('Mon, Nov 30');
    expect(formatLocalDate('2026-11-30', 'en', { month: 'long', day: 'numeric' })).toBe('November 30');
    expect(formatReviewDate('2026-11-30T12:00:00Z', 'es')).toBe('30 de noviembre de 2026');
  });
});

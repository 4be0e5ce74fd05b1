import { describe, expect, it } from 'vitest';
import { defaultDay, initialSelection, parseSlotInstant } from './slot-selection';

const offices = [
  { id: 11, name: 'A', timeZone: 'America/New_York' },
  { id: 45, name: 'B', timeZone: 'America/Los_Angeles' },
];
const params = (query: string) => new URLSearchParams(query);
const NOW = new Date('2026-11-22T15:00:00Z');

describe('initialSelection (a slot picked on the listing)', () => {
  it('selects the office and the slot from the URL, on the slot day', () => {
    expect(initialSelection(params('office=45&slot=2026-11-24T17:00:00.000Z'), offices, NOW)).toEqual({
      officeId: 45,
      from: undefined,
      slot: '2026-11-24T17:00:00.000Z',
      day: '2026-11-24',
    });
  });

  it('starts the window at the slot day when it is beyond the first week', () => {
    expect(initialSelection(params('office=11&slot=2026-12-10T14:00:00Z'), offices, NOW)).toMatchObject({
      from: '2026-12-10',
      day: '2026-12-10',
      slot: '2026-12-10T14:00:00.000Z',
    });
  });

  it('ignores an office that is not the provider’s, a malformed slot and a past one', () => {
    expect(initialSelection(params('office=999&slot=2026-11-24T17:00:00Z'), offices, NOW)).toEqual({ officeId: 11 });
    expect(initialSelection(params('office=45&slot=tomorrow'), offices, NOW)).toEqual({ officeId: 45 });
    expect(initialSelection(params('office=45&slot=2020-01-01T10:00:00Z'), offices, NOW)).toEqual({ officeId: 45 });
    expect(initialSelection(params(''), offices, NOW)).toEqual({ officeId: 11 });
  });

  it('reads instants strictly', () => {
    expect(parseSlotInstant('2026-11-24T12:00:00-05:00')).toBe('2026-11-24T17:00:00.000Z');
    expect(parseSlotInstant('2026-11-24')).toBeUndefined();
    expect(parseSlotInstant('2026-13-24T12:00:00Z')).toBeUndefined();
    expect(parseSlotInstant(null)).toBeUndefined();
  });
});

describe('defaultDay', () => {
  it('is the first day with a free slot', () => {
    const slot = { start: 's', end: 'e', localDate: '2026-11-24', localTime: '09:00' };
    expect(
      defaultDay([
        { date: '2026-11-23', weekday: 1, morning: [], afternoon: [] },
        { date: '2026-11-24', weekday: 2, morning: [], afternoon: [slot] },
      ]),
    ).toBe('2026-11-24');
    expect(defaultDay([{ date: '2026-11-23', weekday: 1, morning: [], afternoon: [] }])).toBe('2026-11-23');
    expect(defaultDay([])).toBeUndefined();
  });
});

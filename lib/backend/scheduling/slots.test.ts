import { describe, expect, it } from 'vitest';
import { addDays, nextSlots, slotDays, slotsOnDay, todayIn, weekdaysBetween, type WeeklySchedule } from './slots';

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' }));
const la: WeeklySchedule = { timeZone: 'America/Los_Angeles', businessHours: weekdays, workingDays: [1, 3, 5] };
const longAgo = new Date('2000-01-01T00:00:00Z');

describe('slots in the office time zone', () => {
  it('puts 9:00 in Los Angeles at 17:00Z in winter and 16:00Z in summer', () => {
    const winter = slotsOnDay(la, '2027-01-04', longAgo); // a Monday, PST
    expect(winter[0]).toEqual({
      start: '2027-01-04T17:00:00.000Z',
      end: '2027-01-04T18:00:00.000Z',
      localDate: '2027-01-04',
      localTime: '09:00',
    });
    const summer = slotsOnDay(la, '2027-07-05', longAgo); // a Monday, PDT
    expect(summer[0]!.start).toBe('2027-07-05T16:00:00.000Z');
  });

  it('makes 60-minute slots that end by closing time', () => {
    const slots = slotsOnDay(la, '2027-01-04', longAgo);
    expect(slots.map((s) => s.localTime)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    const short = slotsOnDay({ ...la, businessHours: [{ weekday: 1, opens: '08:30', closes: '10:00' }] }, '2027-01-04', longAgo);
    expect(short.map((s) => s.localTime)).toEqual(['08:30']);
  });

  it('offers nothing on days the provider does not work or the office is closed', () => {
    expect(slotsOnDay(la, '2027-01-05', longAgo)).toEqual([]); // Tuesday: office open, provider away
    expect(slotsOnDay({ ...la, workingDays: [0, 1] }, '2027-01-03', longAgo)).toEqual([]); // Sunday: closed
  });

  it('never offers the past', () => {
    const now = new Date('2027-01-04T19:30:00Z'); // 11:30 in Los Angeles
    expect(slotsOnDay(la, '2027-01-04', now).map((s) => s.localTime)).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(slotsOnDay(la, '2027-01-01', now)).toEqual([]);
  });

  it('leaves out slots overlapping busy time', () => {
    const busy = [{ start: Date.parse('2027-01-04T18:30:00Z'), end: Date.parse('2027-01-04T19:00:00Z') }];
    expect(slotsOnDay(la, '2027-01-04', longAgo, busy).map((s) => s.localTime)).not.toContain('10:00');
  });

  it('groups days into morning and afternoon and keeps empty days', () => {
    const days = slotDays(la, '2027-01-04', '2027-01-06', longAgo);
    expect(days.map((d) => [d.date, d.weekday, d.morning.length, d.afternoon.length])).toEqual([
      ['2027-01-04', 1, 3, 5],
      ['2027-01-05', 2, 0, 0],
      ['2027-01-06', 3, 3, 5],
    ]);
  });

  it('handles the day after a daylight-saving change in the zone', () => {
    const ny: WeeklySchedule = { timeZone: 'America/New_York', businessHours: [{ weekday: 1, opens: '09:00', closes: '10:00' }], workingDays: [1] };
    expect(slotsOnDay(ny, '2027-03-15', longAgo)[0]!.start).toBe('2027-03-15T13:00:00.000Z'); // EDT
    expect(slotsOnDay(ny, '2027-03-08', longAgo)[0]!.start).toBe('2027-03-08T14:00:00.000Z'); // EST
  });

  it('finds the next slots from now, across days', () => {
    const now = new Date('2027-01-04T23:30:00Z'); // Monday 15:30 in Los Angeles
    const next = nextSlots(la, { now, limit: 3, lookaheadDays: 14 });
    expect(next.map((s) => `${s.localDate} ${s.localTime}`)).toEqual(['2027-01-04 16:00', '2027-01-06 09:00', '2027-01-06 10:00']);
    expect(nextSlots(la, { now, limit: 2, lookaheadDays: 14, from: '2027-01-08', to: '2027-01-08' })).toHaveLength(2);
    expect(nextSlots({ ...la, workingDays: [] }, { now, limit: 3, lookaheadDays: 14 })).toEqual([]);
  });

  it('knows the local date and the weekdays of a range', () => {
    expect(todayIn('Australia/Sydney', new Date('2027-01-04T20:00:00Z'))).toBe('2027-01-05');
    expect(todayIn('America/Los_Angeles', new Date('2027-01-05T03:00:00Z'))).toBe('2027-01-04');
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(weekdaysBetween('2027-01-08', '2027-01-10')).toEqual([0, 5, 6]);
    expect(weekdaysBetween('2027-01-01', '2027-01-31')).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('nextSlots', () => {
  it('gives the first slots that slotsOnDay gives day after day', () => {
    const schedules: WeeklySchedule[] = [
      la,
      { timeZone: 'Europe/Madrid', businessHours: [...weekdays, { weekday: 6, opens: '10:30', closes: '13:30' }], workingDays: [2, 6] },
      { timeZone: 'Australia/Sydney', businessHours: [{ weekday: 0, opens: '14:00', closes: '18:00' }, { weekday: 0, opens: '08:00', closes: '12:00' }], workingDays: [0] },
    ];
    const nows = ['2027-03-13T23:30:00Z', '2027-03-14T09:10:00Z', '2027-10-30T16:59:59Z', '2027-12-31T23:00:00Z'].map((t) => new Date(t));
    for (const schedule of schedules) {
      for (const now of nows) {
        const from = todayIn(schedule.timeZone, now);
        const reference = Array.from({ length: 14 }, (_, i) => slotsOnDay(schedule, addDays(from, i), now)).flat();
        for (const limit of [1, 3, 50]) {
          expect(nextSlots(schedule, { now, limit, lookaheadDays: 14 }), JSON.stringify({ schedule, now, limit })).toEqual(
            reference.slice(0, limit),
          );
        }
      }
    }
  });
});

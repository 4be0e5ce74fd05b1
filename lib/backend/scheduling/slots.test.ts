import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDateTime } from '../appointments/appointment-dto';
import {
  addDays,
  nextSlots,
  slotDays,
  slotsOnDay,
  todayIn,
  weekdayOf,
  weekdaysBetween,
  type WeeklySchedule,
} from './slots';

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
    expect(slots.map((s) => s.localTime)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    const short = slotsOnDay(
      { ...la, businessHours: [{ weekday: 1, opens: '08:30', closes: '10:00' }] },
      '2027-01-04',
      longAgo,
    );
    expect(short.map((s) => s.localTime)).toEqual(['08:30']);
  });

  it('offers nothing on days the provider does not work or the office is closed', () => {
    expect(slotsOnDay(la, '2027-01-05', longAgo)).toEqual([]); // Tuesday: office open, provider away
    expect(slotsOnDay({ ...la, workingDays: [0, 1] }, '2027-01-03', longAgo)).toEqual([]); // Sunday: closed
  });

  it('never offers the past', () => {
    const now = new Date('2027-01-04T19:30:00Z'); // 11:30 in Los Angeles
    expect(slotsOnDay(la, '2027-01-04', now).map((s) => s.localTime)).toEqual([
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
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
    const ny: WeeklySchedule = {
      timeZone: 'America/New_York',
      businessHours: [{ weekday: 1, opens: '09:00', closes: '10:00' }],
      workingDays: [1],
    };
    expect(slotsOnDay(ny, '2027-03-15', longAgo)[0]!.start).toBe('2027-03-15T13:00:00.000Z'); // EDT
    expect(slotsOnDay(ny, '2027-03-08', longAgo)[0]!.start).toBe('2027-03-08T14:00:00.000Z'); // EST
  });

  it('finds the next slots from now, across days', () => {
    const now = new Date('2027-01-04T23:30:00Z'); // Monday 15:30 in Los Angeles
    const next = nextSlots(la, { now, limit: 3, lookaheadDays: 14 });
    expect(next.map((s) => `${s.localDate} ${s.localTime}`)).toEqual([
      '2027-01-04 16:00',
      '2027-01-06 09:00',
      '2027-01-06 10:00',
    ]);
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
      {
        timeZone: 'Europe/Madrid',
        businessHours: [...weekdays, { weekday: 6, opens: '10:30', closes: '13:30' }],
        workingDays: [2, 6],
      },
      {
        timeZone: 'Australia/Sydney',
        businessHours: [
          { weekday: 0, opens: '14:00', closes: '18:00' },
          { weekday: 0, opens: '08:00', closes: '12:00' },
        ],
        workingDays: [0],
      },
    ];
    const nows = ['2027-03-13T23:30:00Z', '2027-03-14T09:10:00Z', '2027-10-30T16:59:59Z', '2027-12-31T23:00:00Z'].map(
      (t) => new Date(t),
    );
    for (const schedule of schedules) {
      for (const now of nows) {
        const from = todayIn(schedule.timeZone, now);
        const reference = Array.from({ length: 14 }, (_, i) => slotsOnDay(schedule, addDays(from, i), now)).flat();
        for (const limit of [1, 3, 50]) {
          expect(
            nextSlots(schedule, { now, limit, lookaheadDays: 14 }),
            JSON.stringify({ schedule, now, limit }),
          ).toEqual(reference.slice(0, limit));
        }
      }
    }
  });
});

/** An office open every day from `opens` to `closes` in `timeZone`, with the provider there daily. */
function allWeek(timeZone: string, opens = '00:00', closes = '06:00'): WeeklySchedule {
  const week = [0, 1, 2, 3, 4, 5, 6];
  return { timeZone, businessHours: week.map((weekday) => ({ weekday, opens, closes })), workingDays: week };
}

/** The office's wall clock at an instant, 'YYYY-MM-DD HH:mm', as appointments show it (not from slots.ts). */
function wallClock(iso: string, timeZone: string): string {
  const { localDate, localTime } = localDateTime(new Date(iso), timeZone);
  return `${localDate} ${localTime}`;
}

const summary = (slots: ReturnType<typeof slotsOnDay>) => slots.map((s) => `${s.localTime} ${s.start.slice(0, 16)}`);

/** What must hold whatever the day: real 60-minute slots at their wall-clock time, never two at once. */
function expectSound(slots: ReturnType<typeof slotsOnDay>, timeZone: string) {
  for (const [i, slot] of slots.entries()) {
    expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(60 * 60_000);
    expect(wallClock(slot.start, timeZone)).toBe(`${slot.localDate} ${slot.localTime}`);
    if (i > 0) expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(Date.parse(slots[i - 1]!.end));
  }
  expect(new Set(slots.map((s) => s.localTime)).size).toBe(slots.length);
}

describe('daylight-saving changes (opening hours across the change)', () => {
  it('New York, spring forward (2027-03-14, 02:00 EST -> 03:00 EDT): no slot in the skipped hour', () => {
    const slots = slotsOnDay(allWeek('America/New_York'), '2027-03-14', longAgo);
    expect(summary(slots)).toEqual([
      '00:00 2027-03-14T05:00',
      '01:00 2027-03-14T06:00',
      '03:00 2027-03-14T07:00',
      '04:00 2027-03-14T08:00',
      '05:00 2027-03-14T09:00',
    ]);
    expectSound(slots, 'America/New_York');
  });

  it('New York, fall back (2027-11-07, 02:00 EDT -> 01:00 EST): the repeated hour once, at its first occurrence', () => {
    const slots = slotsOnDay(allWeek('America/New_York'), '2027-11-07', longAgo);
    expect(summary(slots)).toEqual([
      '00:00 2027-11-07T04:00',
      '01:00 2027-11-07T05:00',
      '02:00 2027-11-07T07:00',
      '03:00 2027-11-07T08:00',
      '04:00 2027-11-07T09:00',
      '05:00 2027-11-07T10:00',
    ]);
    expectSound(slots, 'America/New_York');
  });

  it('Sydney, spring forward (2027-10-03, 02:00 AEST -> 03:00 AEDT)', () => {
    const slots = slotsOnDay(allWeek('Australia/Sydney'), '2027-10-03', longAgo);
    expect(summary(slots)).toEqual([
      '00:00 2027-10-02T14:00',
      '01:00 2027-10-02T15:00',
      '03:00 2027-10-02T16:00',
      '04:00 2027-10-02T17:00',
      '05:00 2027-10-02T18:00',
    ]);
    expectSound(slots, 'Australia/Sydney');
  });

  it('Sydney, fall back (2027-04-04, 03:00 AEDT -> 02:00 AEST)', () => {
    const slots = slotsOnDay(allWeek('Australia/Sydney'), '2027-04-04', longAgo);
    expect(summary(slots)).toEqual([
      '00:00 2027-04-03T13:00',
      '01:00 2027-04-03T14:00',
      '02:00 2027-04-03T15:00',
      '03:00 2027-04-03T17:00',
      '04:00 2027-04-03T18:00',
      '05:00 2027-04-03T19:00',
    ]);
    expectSound(slots, 'Australia/Sydney');
  });

  it('Madrid, both changes (02:00 CET -> 03:00 CEST on 2027-03-28, 03:00 CEST -> 02:00 CET on 2027-10-31)', () => {
    const madrid = allWeek('Europe/Madrid');
    expect(summary(slotsOnDay(madrid, '2027-03-28', longAgo)).map((s) => s.slice(0, 5))).toEqual([
      '00:00',
      '01:00',
      '03:00',
      '04:00',
      '05:00',
    ]);
    expect(summary(slotsOnDay(madrid, '2027-10-31', longAgo))).toEqual([
      '00:00 2027-10-30T22:00',
      '01:00 2027-10-30T23:00',
      '02:00 2027-10-31T00:00',
      '03:00 2027-10-31T02:00',
      '04:00 2027-10-31T03:00',
      '05:00 2027-10-31T04:00',
    ]);
    expectSound(slotsOnDay(madrid, '2027-03-28', longAgo), 'Europe/Madrid');
  });

  it('keeps ordinary opening hours on the day of a change right', () => {
    const ny = { ...allWeek('America/New_York', '09:00', '11:00') };
    expect(summary(slotsOnDay(ny, '2027-03-14', longAgo))).toEqual([
      '09:00 2027-03-14T13:00',
      '10:00 2027-03-14T14:00',
    ]);
    expect(summary(slotsOnDay(ny, '2027-11-07', longAgo))).toEqual([
      '09:00 2027-11-07T14:00',
      '10:00 2027-11-07T15:00',
    ]);
  });

  it('gives nextSlots the same slots across a change, from a now inside the repeated hour', () => {
    const ny = allWeek('America/New_York');
    const now = new Date('2027-11-07T05:30:00Z'); // 01:30 EDT, the first 01:30
    expect(nextSlots(ny, { now, limit: 4, lookaheadDays: 2 })).toEqual(slotsOnDay(ny, '2027-11-07', now).slice(0, 4));
    expect(summary(nextSlots(ny, { now, limit: 2, lookaheadDays: 2 }))).toEqual([
      '02:00 2027-11-07T07:00',
      '03:00 2027-11-07T08:00',
    ]);
  });
});

describe("slots do not depend on the server's own time zone", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
    vi.resetModules();
  });

  // Node applies a TZ set at run time to later Date calls; a fresh copy of the module starts with
  // empty caches, so its answers are worked out again under each zone.
  it.each([
    ['UTC', 0],
    ['Pacific/Chatham', -825],
    ['America/Sao_Paulo', 180],
    ['Asia/Kolkata', -330],
    ['Europe/Madrid', -60],
  ])('gives the same slots with TZ=%s', async (tz, januaryOffset) => {
    process.env.TZ = tz;
    expect(new Date('2027-01-01T00:00:00Z').getTimezoneOffset() === januaryOffset, 'TZ took effect').toBe(true);
    vi.resetModules();
    const fresh = await import('./slots');
    expect(summary(fresh.slotsOnDay(allWeek('America/New_York'), '2027-03-14', longAgo))).toEqual([
      '00:00 2027-03-14T05:00',
      '01:00 2027-03-14T06:00',
      '03:00 2027-03-14T07:00',
      '04:00 2027-03-14T08:00',
      '05:00 2027-03-14T09:00',
    ]);
    expect(summary(fresh.slotsOnDay(allWeek('Australia/Sydney'), '2027-04-04', longAgo))).toContain(
      '03:00 2027-04-03T17:00',
    );
    expect(fresh.todayIn('Australia/Sydney', new Date('2027-01-04T20:00:00Z'))).toBe('2027-01-05');
  });
});

describe('slots across zones and dates (property)', () => {
  const zones = [
    'America/New_York',
    'America/Phoenix',
    'Australia/Sydney',
    'Australia/Lord_Howe',
    'Europe/Madrid',
    'America/Santiago',
    'Asia/Kolkata',
    'Pacific/Chatham',
    'America/Havana',
  ];
  const hours = fc.constantFrom(
    ['00:00', '06:00'],
    ['00:30', '04:30'],
    ['09:00', '17:00'],
    ['20:00', '23:59'],
    ['00:00', '23:59'],
  );
  const dates = fc.integer({ min: 0, max: 3 * 365 }).map((n) => addDays('2026-01-01', n));

  it('are sound, and nextSlots matches slotsOnDay day after day', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        hours,
        dates,
        fc.integer({ min: -36, max: 36 }),
        (zone, [opens, closes], date, nowHours) => {
          const schedule = allWeek(zone, opens, closes);
          const day = slotsOnDay(schedule, date, longAgo);
          expectSound(day, zone);
          expect(day.every((s) => s.localDate === date && weekdayOf(s.localDate) === weekdayOf(date))).toBe(true);
          const now = new Date(Date.parse(`${date}T12:00:00Z`) + nowHours * 3_600_000);
          const from = todayIn(zone, now);
          const reference = [0, 1, 2].flatMap((i) => slotsOnDay(schedule, addDays(from, i), now));
          expect(nextSlots(schedule, { now, limit: 100, lookaheadDays: 3 })).toEqual(reference);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stay sound on every day of 2026-2028, losing an hour only on a change', () => {
    for (const zone of zones) {
      for (let date = '2026-01-01'; date <= '2028-12-31'; date = addDays(date, 1)) {
        const schedule = allWeek(zone, '00:00', '23:59');
        const slots = slotsOnDay(schedule, date, longAgo);
        if (slots.length === 23) continue;
        // Only days with a change lose (or could repeat) an hour; each stays sound.
        expectSound(slots, zone);
        expect(slots.length, `${zone} ${date}`).toBeGreaterThanOrEqual(21);
      }
    }
  });
});

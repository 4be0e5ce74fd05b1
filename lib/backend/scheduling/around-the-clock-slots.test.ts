import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AROUND_THE_CLOCK_HOURS, AROUND_THE_CLOCK_OFFICES } from '../../db/seed/around-the-clock-data';
import { nextSlots, type WeeklySchedule } from './slots';

/*
 * The seeded around-the-clock teledental practices (README "Demo data") exist so that a visit
 * can be booked at any hour that the office may check in at once (from 30 minutes before the
 * start), and one that starts in less than 24 hours: the e2e specs rely on it.
 */

const schedules: WeeklySchedule[] = AROUND_THE_CLOCK_OFFICES.map((office) => ({
  timeZone: office.timeZone,
  businessHours: AROUND_THE_CLOCK_HOURS,
  workingDays: [0, 1, 2, 3, 4, 5, 6],
}));
const MINUTE = 60_000;

function soonest(now: Date): number {
  return Math.min(...schedules.map((s) => Date.parse(nextSlots(s, { now, limit: 1, lookaheadDays: 2 })[0]!.start)));
}

describe('the around-the-clock practices', () => {
  it('have a slot starting on the full hour (Phoenix) and one on the half hour (Darwin)', () => {
    const now = new Date('2027-03-01T10:05:00Z');
    const [phoenix, darwin] = schedules.map((s) => nextSlots(s, { now, limit: 1, lookaheadDays: 2 })[0]!.start);
    expect(phoenix).toBe('2027-03-01T11:00:00.000Z');
    expect(darwin).toBe('2027-03-01T10:30:00.000Z');
  });

  it("always have a slot within the next 30 minutes, whatever other zones' clocks do", () => {
    // Every minute of the days other zones change their clocks (neither of these does), then random instants.
    for (const day of ['2027-03-14', '2027-03-28', '2027-04-04', '2027-10-03', '2027-10-31', '2027-11-07']) {
      const start = Date.parse(`${day}T00:00:00Z`);
      for (let t = start; t < start + 24 * 60 * MINUTE; t += MINUTE) {
        expect(soonest(new Date(t)) - t, new Date(t).toISOString()).toBeLessThanOrEqual(30 * MINUTE);
      }
    }
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        (now) => {
          const ahead = soonest(now) - now.getTime();
          return ahead > 0 && ahead <= 30 * MINUTE;
        },
      ),
      { numRuns: 2000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { isOutOfNetwork, overlappingAppointment, type OwnAppointment } from './booking-checks';

const visit = (over: Partial<OwnAppointment> = {}): OwnAppointment => ({
  status: 'scheduled',
  start: '2030-05-06T14:00:00.000Z',
  end: '2030-05-06T15:00:00.000Z',
  patient: { kind: 'self', id: '00000000-0000-4000-8000-000000000001' },
  ...over,
});
const slot = (start: string, end: string) => ({ start, end });

describe('overlappingAppointment', () => {
  it("finds the patient's own visit that the slot overlaps, for the same person", () => {
    const own = visit();
    expect(overlappingAppointment([own], slot('2030-05-06T14:00:00.000Z', '2030-05-06T15:00:00.000Z'), 'self')).toBe(
      own,
    );
    expect(overlappingAppointment([own], slot('2030-05-06T14:30:00.000Z', '2030-05-06T15:30:00.000Z'), 'self')).toBe(
      own,
    );
  });

  it('lets slots that only touch the visit, canceled visits and other people pass', () => {
    expect(
      overlappingAppointment([visit()], slot('2030-05-06T15:00:00.000Z', '2030-05-06T16:00:00.000Z'), 'self'),
    ).toBeUndefined();
    expect(
      overlappingAppointment(
        [visit({ status: 'canceled' })],
        slot('2030-05-06T14:00:00.000Z', '2030-05-06T15:00:00.000Z'),
        'self',
      ),
    ).toBeUndefined();
    const member = '00000000-0000-4000-8000-000000000002';
    const theirs = visit({ patient: { kind: 'familyMember', id: member } });
    expect(
      overlappingAppointment([theirs], slot('2030-05-06T14:00:00.000Z', '2030-05-06T15:00:00.000Z'), 'self'),
    ).toBeUndefined();
    expect(overlappingAppointment([theirs], slot('2030-05-06T14:00:00.000Z', '2030-05-06T15:00:00.000Z'), member)).toBe(
      theirs,
    );
  });

  it('says nothing without a slot or with a malformed one', () => {
    expect(overlappingAppointment([visit()], undefined, 'self')).toBeUndefined();
    expect(overlappingAppointment([visit()], slot('not a date', 'x'), 'self')).toBeUndefined();
  });
});

describe('isOutOfNetwork', () => {
  it('is true only for a chosen plan the provider does not list', () => {
    const listed = new Set([1, 2]);
    expect(isOutOfNetwork(listed, 3)).toBe(true);
    expect(isOutOfNetwork(listed, 2)).toBe(false);
    expect(isOutOfNetwork(listed, undefined)).toBe(false);
  });
});

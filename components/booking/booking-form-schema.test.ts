import { describe, expect, it } from 'vitest';
import { bookAppointmentRequestSchema } from '@/lib/contracts/appointments';
import { bookingFormSchema, bookingRequest, emptyBooking } from './booking-form-schema';

/* The booking form picks its rules from the contract (STYLE.md habit 3) and builds a request the contract accepts. */

const filled = {
  ...emptyBooking(7, '2030-01-07T15:00:00.000Z'),
  visitReasonId: 3,
  patientType: 'new' as const,
  notes: 'Toothache since Monday',
  acceptTerms: true as const,
};

function messages(input: object): Record<string, string> {
  const result = bookingFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('bookingFormSchema', () => {
  it("an empty form names every required answer with the spec's messages", () => {
    expect(messages(emptyBooking(7, undefined))).toMatchObject({
      slotStart: 'booking.validation.slotRequired',
      visitReasonId: 'validation.required',
      patientType: 'validation.patientTypeRequired',
      notes: 'validation.required',
      acceptTerms: 'validation.termsRequired',
    });
  });

  it('asks a carrier, then a plan, only when insurance is used', () => {
    expect(messages({ ...filled, insuranceMode: 'insurance' })).toEqual({ carrierId: 'validation.required' });
    expect(messages({ ...filled, insuranceMode: 'insurance', carrierId: 2 })).toEqual({
      insurancePlanId: 'validation.required',
    });
    expect(messages({ ...filled, insuranceMode: 'insurance', carrierId: 2, insurancePlanId: 5 })).toEqual({});
  });

  it('builds a request the contract accepts, for a family member with images and a saved card', () => {
    const values = bookingFormSchema.parse({
      ...filled,
      patient: '0b8a4c4e-1d3f-4c56-9a7e-2f0e6d1c9b11',
      visitType: 'virtual',
      images: [{ id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', name: 'front.jpg' }],
    });
    const request = bookingRequest(values, {
      idempotencyKey: crypto.randomUUID(),
      providerId: 12,
      payment: { kind: 'savedCard', cardId: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6' },
    });
    const parsed = bookAppointmentRequestSchema.parse(request);
    expect(parsed.familyMemberId).toBe('0b8a4c4e-1d3f-4c56-9a7e-2f0e6d1c9b11');
    expect(parsed.imageIds).toEqual(['6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f']);
    expect(parsed.insurancePlanId).toBeUndefined();
    expect(parsed.notes).toBe('Toothache since Monday');
  });
});

import { describe, expect, it } from 'vitest';
import { cardFormSchema, cvvSize, expiryParts, formatCardNumber, formatExpiry } from './card-form-schema';

/* The new-card form's rules (SPEC.md section 5): Luhn and type by card-validator, CVV by type. */

const valid = {
  cardNumber: '4111 1111 1111 1111',
  expiry: '12/35',
  name: 'Ana Tester',
  cardCode: '123',
  isPrimary: false,
  saveCard: false,
};

function messages(input: Partial<typeof valid>): Record<string, string> {
  const result = cardFormSchema.safeParse({ ...valid, ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('cardFormSchema', () => {
  it('accepts a valid Visa card', () => {
    expect(messages({})).toEqual({});
  });

  it("refuses a number failing Luhn with 'Enter a valid card number'", () => {
    expect(messages({ cardNumber: '4111 1111 1111 1112' }).cardNumber).toBe('booking.card.numberInvalid');
  });

  it('asks 3 digits of a Visa and 4 of an American Express card', () => {
    expect(messages({ cardCode: '12' }).cardCode).toBe('booking.card.cvv3');
    expect(messages({ cardCode: '1234' }).cardCode).toBe('booking.card.cvv3');
    expect(messages({ cardNumber: '3782 822463 10005', cardCode: '123' }).cardCode).toBe('booking.card.cvv4');
    expect(messages({ cardNumber: '3782 822463 10005', cardCode: '1234' })).toEqual({});
  });

  it('refuses a past or malformed expiry and a blank name', () => {
    expect(messages({ expiry: '01/20' }).expiry).toBe('booking.card.expiryInvalid');
    expect(messages({ expiry: '13' }).expiry).toBe('booking.card.expiryFormat');
    expect(messages({ name: '   ' }).name).toBe('validation.required');
  });
});

describe('card formatting', () => {
  it('groups digits as the card type prints them', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4111-1111')).toBe('4111 1111');
  });

  it('formats the expiry and splits it for the tokeniser', () => {
    expect(formatExpiry('1235')).toBe('12/35');
    expect(formatExpiry('1')).toBe('1');
    expect(expiryParts('04/35')).toEqual({ month: '04', year: '2035' });
  });

  it('knows the CVV size by type', () => {
    expect(cvvSize('4111')).toBe(3);
    expect(cvvSize('3782 822463 10005')).toBe(4);
  });
});

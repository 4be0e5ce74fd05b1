import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTRIES } from './countries';
import { signUpRequestSchema } from './user';
import {
  ageOn,
  dateOfBirthSchema,
  emailSchema,
  isStrongPassword,
  isValidZip,
  newPasswordSchema,
  optionalText,
  parseIsoDate,
  requiredText,
} from './validation';
import { isValidPhone, phoneDigitsSchema } from './phone';

/** The message keys zod reported, in order. */
function messagesOf(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

describe('password rules (SPEC.md section 5: longer than 7, a lowercase, an uppercase, a number)', () => {
  it.each([
    ['Secret12', true],
    ['aB3aaaaa', true],
    ['Pässwörd1', true],
    ['Secret1', false], // 7 characters: not longer than 7
    ['secret123', false],
    ['SECRET123', false],
    ['SecretPass', false],
    ['', false],
  ])('%s -> %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it("answers 'validation.passwordWeak' (Password is too weak.) and 'validation.required' when empty", () => {
    expect(messagesOf(newPasswordSchema, 'weak')).toEqual(['validation.passwordWeak']);
    expect(messagesOf(newPasswordSchema, '')).toContain('validation.required');
    expect(messagesOf(newPasswordSchema, 'Aa1' + 'x'.repeat(200))).toContain('validation.tooLong');
  });

  it('agrees with a character-by-character reference rule (property)', () => {
    const reference = (value: string) => {
      const chars = [...value];
      return (
        value.length > 7 &&
        chars.some((c) => c >= 'a' && c <= 'z') &&
        chars.some((c) => c >= 'A' && c <= 'Z') &&
        chars.some((c) => c >= '0' && c <= '9')
      );
    };
    const passwordish = fc.string({
      unit: fc.oneof(fc.constantFrom('a', 'Z', '5', ' ', 'ñ', '#'), fc.string({ minLength: 1, maxLength: 1 })),
      maxLength: 14,
    });
    fc.assert(
      fc.property(passwordish, (value) => isStrongPassword(value) === reference(value)),
      { numRuns: 2000 },
    );
  });
});

describe('date of birth (minimum age 16)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 15, 12, 0, 0)); // 15 March 2026, local time
  });
  afterEach(() => vi.useRealTimers());

  it('accepts someone who turns 16 today', () => {
    expect(dateOfBirthSchema.safeParse('2010-03-15').success).toBe(true);
  });

  it("refuses someone one day short of 16: 'validation.minAge' (User must be 16 years or older)", () => {
    expect(messagesOf(dateOfBirthSchema, '2010-03-16')).toEqual(['validation.minAge']);
  });

  it('accepts an old but plausible date', () => {
    expect(dateOfBirthSchema.safeParse('1930-12-31').success).toBe(true);
  });

  it.each([
    ['2001-02-29', 'no 29 February in 2001'],
    ['1990-13-01', 'month 13'],
    ['1990-00-10', 'month 0'],
    ['1990-04-31', '31 April'],
    ['1990-1-1', 'not zero-padded'],
    ['15/03/1990', 'another format'],
    ['1990-03-15T00:00:00Z', 'a timestamp'],
    ['not a date', 'words'],
    ['1899-12-31', 'before 1900'],
    ['2026-03-16', 'tomorrow'],
  ])("refuses %s (%s): 'validation.invalidDob' (Please enter a valid DOB)", (value) => {
    expect(messagesOf(dateOfBirthSchema, value)).toEqual(['validation.invalidDob']);
  });

  it("asks for a missing date: 'validation.required'", () => {
    expect(messagesOf(dateOfBirthSchema, '')).toEqual(['validation.required']);
    expect(messagesOf(dateOfBirthSchema, undefined)).toEqual(['validation.required']);
  });

  it('accepts 29 February in a leap year', () => {
    expect(parseIsoDate('2000-02-29')).toEqual(new Date(Date.UTC(2000, 1, 29)));
    expect(parseIsoDate('1900-02-29')).toBeUndefined();
  });

  it('counts a 29 February birthday as turning over on 1 March in other years', () => {
    const birth = parseIsoDate('2008-02-29')!;
    expect(ageOn(birth, new Date(Date.UTC(2025, 1, 28)))).toBe(16);
    expect(ageOn(birth, new Date(Date.UTC(2024, 1, 28)))).toBe(15);
    expect(ageOn(birth, new Date(Date.UTC(2024, 1, 29)))).toBe(16);
  });

  it('ageOn agrees with comparing (year, month, day) tuples (property)', () => {
    const day = fc.date({
      min: new Date(Date.UTC(1900, 0, 1)),
      max: new Date(Date.UTC(2100, 11, 31)),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [birth, today] = a <= b ? [a, b] : [b, a];
        const years = today.getUTCFullYear() - birth.getUTCFullYear();
        const earlierInYear =
          today.getUTCMonth() * 100 + today.getUTCDate() < birth.getUTCMonth() * 100 + birth.getUTCDate();
        return ageOn(birth, today) === years - (earlierInYear ? 1 : 0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('phone numbers per country', () => {
  // SPEC.md section 5 names the maximum local lengths of these five countries.
  it.each([
    ['AU', 9, '412345678'],
    ['CA', 10, '4165550123'],
    ['GB', 10, '2079460123'],
    ['IN', 10, '9876543210'],
    ['US', 10, '2125550123'],
  ])('%s allows at most %i digits', (country, max, example) => {
    expect(COUNTRIES.find((c) => c.code === country)?.maxPhoneLength).toBe(max);
    expect(example).toHaveLength(max);
    expect(isValidPhone(country, example)).toBe(true);
    expect(isValidPhone(country, `${example}1`)).toBe(false);
  });

  it.each([
    ['FR', '612345678'],
    ['MX', '5512345678'],
    ['NO', '41234567'],
    ['PK', '3012345678'],
    ['QA', '33123456'],
    ['SA', '512345678'],
    ['ES', '612345678'],
    ['SE', '701234567'],
    ['AE', '501234567'],
  ])('accepts a real-looking %s number', (country, number) => {
    expect(isValidPhone(country, number)).toBe(true);
  });

  it.each([
    ['US', '212-555-0123', 'separators (the schema strips them first)'],
    ['US', '+12125550123', 'a dial code'],
    ['US', '123', 'too short for the numbering plan'],
    ['XX', '2125550123', 'an unknown country'],
    ['US', '', 'nothing'],
  ])('refuses %s %s (%s)', (country, number) => {
    expect(isValidPhone(country, number)).toBe(false);
  });

  it('never accepts more digits than the country allows, or any non-digit (property)', () => {
    const country = fc.constantFrom(...COUNTRIES);
    fc.assert(
      fc.property(country, fc.stringMatching(/^\d{1,16}$/), (c, digits) => {
        if (digits.length > c.maxPhoneLength) return !isValidPhone(c.code, digits);
        return true;
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(country, fc.string({ minLength: 1, maxLength: 12 }), (c, value) => {
        if (/^\d+$/.test(value)) return true;
        return !isValidPhone(c.code, value);
      }),
      { numRuns: 1000 },
    );
  });

  it('strips spaces, dots, dashes and brackets before checking', () => {
    expect(phoneDigitsSchema.parse(' (212) 555.01-23 ')).toBe('2125550123');
    expect(messagesOf(phoneDigitsSchema, '212 555 ABCD')).toEqual(['validation.phoneInvalid']);
    expect(messagesOf(phoneDigitsSchema, '')).toEqual(['validation.required']);
  });
});

describe('zip codes per country', () => {
  it.each([
    ['US', '10001', true],
    ['US', '10001-1234', true],
    ['US', '1000', false],
    ['US', 'ABCDE', false],
    ['CA', 'M5V 2T6', true],
    ['CA', 'm5v2t6', true],
    ['CA', '12345', false],
    ['GB', 'SW1A 1AA', true],
    ['GB', 'EC1A1BB', true],
    ['GB', '12345', false],
    ['AU', '2000', true],
    ['AU', '20000', false],
    ['IN', '110001', true],
    ['IN', '11000', false],
    ['SE', '114 55', true],
    ['NO', '0150', true],
    ['QA', 'Doha 1', true],
    ['AE', '00000', true],
    ['AE', '!!', false],
  ])('%s %s -> %s', (country, zip, valid) => {
    expect(isValidZip(country, zip)).toBe(valid);
  });
});

describe('email', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Dana.Demo@Example.COM ')).toBe('dana.demo@example.com');
  });

  it.each(['plainaddress', 'a@b', '@example.com', 'a b@example.com', 'a@example..com'])(
    "refuses %s: 'validation.emailInvalid' (Please enter a valid email)",
    (value) => {
      expect(messagesOf(emailSchema, value)).toEqual(['validation.emailInvalid']);
    },
  );

  it("asks for a missing email: 'validation.required'", () => {
    expect(messagesOf(emailSchema, '')).toEqual(['validation.required']);
    expect(messagesOf(emailSchema, '   ')).toEqual(['validation.required']);
  });
});

describe('text fields', () => {
  it('counts whitespace-only as empty when required (SPEC.md section 5, text input)', () => {
    expect(messagesOf(requiredText(10), '   ')).toEqual(['validation.required']);
    expect(requiredText(10).parse('  Ana  ')).toBe('Ana');
    expect(messagesOf(requiredText(3), 'Anna')).toEqual(['validation.tooLong']);
  });

  it('turns an empty optional value into undefined', () => {
    expect(optionalText(10).parse('   ')).toBeUndefined();
    expect(optionalText(10).parse(undefined)).toBeUndefined();
  });

  it('refuses the NUL character PostgreSQL cannot store', () => {
    expect(messagesOf(requiredText(20), 'Ana\u0000')).toEqual(['validation.invalid']);
    expect(messagesOf(optionalText(20), 'Apt\u00002')).toEqual(['validation.invalid']);
  });
});

describe('sign-up terms', () => {
  it("must be accepted: 'validation.termsRequired' (Please accept Terms of use to proceed)", () => {
    const messages = messagesOf(signUpRequestSchema, { acceptTerms: false });
    expect(messages).toContain('validation.termsRequired');
  });
});

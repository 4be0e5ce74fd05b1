import { z } from 'zod';
import { isValidPhoneNumber, type CountryCode as PhoneCountry } from 'libphonenumber-js/min';
import { countryByCode } from './countries';

/**
 * Shared field rules (SPEC.md section 5). Messages are message keys under `validation.*`;
 * the forms and the /v4 API translate them (STYLE.md habit 8).
 */
export const MIN_AGE_YEARS = 16;
export const MAX_NAME_LENGTH = 50;

/**
 * PostgreSQL text cannot hold U+0000: a NUL that got through answered 500 on insert. It is
 * refused here, with the field named, like any other bad value (STYLE.md habit 7).
 */
const hasNoNul = (value: string) => !value.includes('\u0000');

/** Required text: trimmed, and whitespace-only counts as empty. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .refine(hasNoNul, 'validation.invalid');

export const optionalText = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(max, 'validation.tooLong')
    .refine(hasNoNul, 'validation.invalid')
    .optional()
    .transform((v) => (v ? v : undefined));

export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'))
  .transform((v) => v.toLowerCase());

/** Longer than 7 characters, with a lowercase letter, an uppercase letter and a digit. */
export function isStrongPassword(value: string): boolean {
  return value.length > 7 && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
}

/**
 * An empty value gets the one message 'required': without `abort` the later checks ran too and
 * the field carried two messages (e.g. "This field is required" and "Please enter a valid DOB").
 */
const REQUIRED = { error: 'validation.required', abort: true } as const;

export const newPasswordSchema = z
  .string({ error: 'validation.required' })
  .min(1, REQUIRED)
  .max(128, 'validation.tooLong')
  .refine(isStrongPassword, 'validation.passwordWeak');

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseIsoDate(value: string): Date | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date;
}

/** Age in whole years on `today` (a YYYY-MM-DD birthday turns over on its calendar day). */
export function ageOn(birth: Date, today: Date): number {
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export const dateOfBirthSchema = z
  .string({ error: 'validation.required' })
  .min(1, REQUIRED)
  .superRefine((value, ctx) => {
    const birth = parseIsoDate(value);
    const now = new Date();
    const today = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
    if (!birth || birth.getUTCFullYear() < 1900 || birth > today) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalidDob' });
    } else if (ageOn(birth, today) < MIN_AGE_YEARS) {
      ctx.addIssue({ code: 'custom', message: 'validation.minAge' });
    }
  });

/** National digits only; the country's maximum local length and numbering plan apply. */
export function isValidPhone(countryCode: string, digits: string): boolean {
  const country = countryByCode(countryCode);
  if (!country || !/^\d+$/.test(digits) || digits.length > country.maxPhoneLength) return false;
  return isValidPhoneNumber(digits, countryCode as PhoneCountry);
}

export const phoneDigitsSchema = z
  .string({ error: 'validation.required' })
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().min(1, REQUIRED).max(15, 'validation.phoneInvalid').regex(/^\d+$/, 'validation.phoneInvalid'));

const ZIP_PATTERNS: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
  AU: /^\d{4}$/,
  IN: /^\d{6}$/,
  MX: /^\d{5}$/,
  FR: /^\d{5}$/,
  ES: /^\d{5}$/,
  NO: /^\d{4}$/,
  SE: /^\d{3} ?\d{2}$/,
  PK: /^\d{5}$/,
  SA: /^\d{5}(-\d{4})?$/,
};

/** Postal code for the country; Qatar and the UAE have none in common use, so any short code passes. */
export function isValidZip(countryCode: string, zip: string): boolean {
  const pattern = ZIP_PATTERNS[countryCode] ?? /^[A-Za-z0-9][A-Za-z0-9 -]{0,9}$/;
  return pattern.test(zip.trim());
}

export const zipSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(10, 'validation.zipInvalid');

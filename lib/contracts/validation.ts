import './zod-config';
import { z } from 'zod';

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

/**
 * Lengths count characters (code points), as JSON Schema's maxLength and PostgreSQL do: with
 * zod's `.max()` (UTF-16 units) a name of 30 emoji was valid by the published document and
 * refused by the server. The document states the same limit as `maxLength` (lib/contracts/openapi.ts).
 */
export function charCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** The published pattern of required text: something besides whitespace, and no NUL. */
const NON_BLANK_PATTERN = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';
const NO_NUL_PATTERN = '^[^\\u0000]*$';

/** Required text: trimmed, and whitespace-only counts as empty. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .refine((v) => charCount(v) <= max, { message: 'validation.tooLong', params: { max } })
    .refine(hasNoNul, 'validation.invalid')
    .meta({ maxLength: max, pattern: NON_BLANK_PATTERN });

export const optionalText = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .refine((v) => charCount(v) <= max, { message: 'validation.tooLong', params: { max } })
    .refine(hasNoNul, 'validation.invalid')
    .meta({ maxLength: max, pattern: NO_NUL_PATTERN })
    .optional()
    .transform((v) => (v ? v : undefined));

export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'))
  .transform((v) => v.toLowerCase())
  // The document states the address rule itself (zod's email pattern), not only a length.
  .meta({
    format: 'email',
    pattern: z.regexes.email.source,
    description: 'Email address, compared case-insensitively.',
  });

export const MAX_PASSWORD_LENGTH = 128;
/**
 * Longer than 7 characters, with a lowercase letter, an uppercase letter and a digit, as one
 * pattern so the published document states the same rule the server checks.
 */
export const STRONG_PASSWORD_PATTERN = /^(?=[\s\S]*[a-z])(?=[\s\S]*[A-Z])(?=[\s\S]*\d)[\s\S]{8,}$/;
export function isStrongPassword(value: string): boolean {
  return STRONG_PASSWORD_PATTERN.test(value);
}

/**
 * An empty value gets the one message 'required': without `abort` the later checks ran too and
 * the field carried two messages (e.g. "This field is required" and "Please enter a valid DOB").
 */
export const REQUIRED = { error: 'validation.required', abort: true } as const;

export const newPasswordSchema = z
  .string({ error: 'validation.required' })
  .min(1, REQUIRED)
  .refine((v) => charCount(v) <= MAX_PASSWORD_LENGTH, {
    message: 'validation.tooLong',
    params: { max: MAX_PASSWORD_LENGTH },
  })
  .regex(STRONG_PASSWORD_PATTERN, 'validation.passwordWeak')
  .meta({
    minLength: 8,
    maxLength: MAX_PASSWORD_LENGTH,
    description: 'More than 7 characters, with a lowercase letter, an uppercase letter and a digit.',
  });

/** A login or current password: anything up to the length limit (the hash decides). */
export const anyPasswordSchema = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .refine((v) => charCount(v) <= MAX_PASSWORD_LENGTH, {
    message: 'validation.tooLong',
    params: { max: MAX_PASSWORD_LENGTH },
  })
  .meta({ maxLength: MAX_PASSWORD_LENGTH });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * YYYY-MM-DD with a month 01-12 and a day 01-31, so `0000-00-00` is refused by the published
 * pattern too; the calendar (30 February) is the document's `format: date`, the server's refine.
 */
export const ISO_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** The same for a date of birth, from 1900 on. */
const BIRTH_DATE_PATTERN = /^(19|[2-9]\d)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

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

/**
 * A YYYY-MM-DD date of birth: a real calendar day from 1900 on, not in the future, and at least
 * `minAge` years ago when a minimum applies. Checked against today, so never cached.
 */
function birthDate(minAge: number | null) {
  return z
    .string({ error: 'validation.required' })
    .min(1, REQUIRED)
    .regex(BIRTH_DATE_PATTERN, { message: 'validation.invalidDob', abort: true })
    .superRefine((value, ctx) => {
      const birth = parseIsoDate(value);
      const now = new Date();
      const today = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
      if (!birth || birth.getUTCFullYear() < 1900 || birth > today) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalidDob' });
      } else if (minAge !== null && ageOn(birth, today) < minAge) {
        ctx.addIssue({ code: 'custom', message: 'validation.minAge' });
      }
    });
}

export const dateOfBirthSchema = birthDate(MIN_AGE_YEARS).meta({
  format: 'date',
  description: `YYYY-MM-DD, a real calendar day from 1900-01-01 on, at least ${MIN_AGE_YEARS} years before today.`,
});

/** A date of birth with no minimum age: family members may be children (SPEC.md section 3). */
export const dateOfBirthSchemaAnyAge = birthDate(null).meta({
  format: 'date',
  description: 'YYYY-MM-DD, a real calendar day from 1900-01-01 on, not in the future.',
});

export const ZIP_PATTERNS: Record<string, RegExp> = {
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
export const OTHER_ZIP_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{0,9}$/;
export function isValidZip(countryCode: string, zip: string): boolean {
  const pattern = ZIP_PATTERNS[countryCode] ?? OTHER_ZIP_PATTERN;
  return pattern.test(zip.trim());
}

export const zipSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(10, 'validation.zipInvalid')
  .meta({ description: "Postal code in the address country's format (see the request body's allOf)." });

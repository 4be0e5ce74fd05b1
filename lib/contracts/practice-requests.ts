import { z } from 'zod';
import './zod-config';
import { countryCodeSchema } from './countries';
import { MAX_NAME_LENGTH, emailSchema, isValidPhone, optionalText, phoneDigitsSchema, requiredText } from './validation';

/** SPEC.md section 3, "Practice listing request": the four practice types, as stable codes. */
export const PRACTICE_TYPES = ['solePractitioner', 'group', 'corporateDso', 'university'] as const;
export const practiceTypeSchema = z.enum(PRACTICE_TYPES, { error: 'validation.required' });
export type PracticeType = z.infer<typeof practiceTypeSchema>;

/** The seeded specialties number eleven (SPEC.md section 3); a few more leave room for new ones. */
export const MAX_PRACTICE_SPECIALTIES = 20;

/**
 * The NPI check digit (CMS, "Requirements for National Provider Identifier check digit"): the
 * Luhn rule over the card-issuer prefix 80840 followed by the first nine digits; the tenth digit
 * is the check digit. 1234567893 is valid, 1234567890 is not.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi.slice(0, 9)}`;
  let sum = 0;
  // From the right of the 14-digit payload, every other digit starting with the rightmost is doubled.
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(npi[9]);
}

export const npiSchema = z
  .string({ error: 'validation.required' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'validation.required', abort: true })
      .regex(/^\d{10}$/, { error: 'validation.npiLength', abort: true })
      .refine(isValidNpi, 'validation.npiInvalid'),
  )
  .meta({
    pattern: '^[0-9]{10}$',
    description: 'National Provider Identifier: 10 digits whose last is the Luhn check digit over the prefix 80840 and the first nine.',
    examples: ['1234567893'],
  });

/** An http(s) address; a bare domain ("smiles.example") is read as https. */
export const websiteSchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(300, 'validation.tooLong')
  .transform((v) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v))
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'validation.urlInvalid' })]))
  .optional()
  .transform((v) => (v ? v : undefined))
  .meta({ format: 'uri', maxLength: 300, description: 'Optional http(s) address; a bare domain is read as https://.' });

// POST /v4/practiceRequests - a practice asks to be listed (SPEC.md sections 1 and 3)
export const practiceRequestSchema = z
  .strictObject({
    practiceName: requiredText(150),
    phoneCountry: countryCodeSchema,
    phoneNumber: phoneDigitsSchema,
    website: websiteSchema,
    email: emailSchema,
    address: requiredText(300),
    suite: optionalText(50),
    contactName: requiredText(100),
    practiceType: practiceTypeSchema,
    providerFirstName: requiredText(MAX_NAME_LENGTH),
    providerLastName: requiredText(MAX_NAME_LENGTH),
    mobileCountry: countryCodeSchema,
    mobileNumber: phoneDigitsSchema,
    providerEmail: emailSchema,
    npi: npiSchema,
    specialtyIds: z
      .array(z.number({ error: 'validation.invalid' }).int('validation.invalid').positive('validation.invalid'), {
        error: 'validation.specialtiesRequired',
      })
      .min(1, 'validation.specialtiesRequired')
      .max(MAX_PRACTICE_SPECIALTIES, 'validation.outOfRange')
      .transform((ids) => [...new Set(ids)])
      .meta({ description: 'Ids from GET /v4/specialties; at least one.' }),
    previouslyProvider: z.boolean({ error: 'validation.required' }),
  })
  .superRefine((value, ctx) => {
    if (!isValidPhone(value.phoneCountry, value.phoneNumber)) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'validation.phoneInvalid' });
    }
    if (!isValidPhone(value.mobileCountry, value.mobileNumber)) {
      ctx.addIssue({ code: 'custom', path: ['mobileNumber'], message: 'validation.phoneInvalid' });
    }
  });
export type PracticeRequest = z.infer<typeof practiceRequestSchema>;
export type PracticeRequestInput = z.input<typeof practiceRequestSchema>;

export const practiceRequestReceiptSchema = z.object({ id: z.uuid(), message: z.string() });
export type PracticeRequestReceipt = z.infer<typeof practiceRequestReceiptSchema>;

import { z } from 'zod';
import './zod-config';
import { countryCodeSchema } from './countries';
import { MAX_NAME_LENGTH, charCount, emailSchema, optionalText, requiredText } from './validation';
import { isValidPhone, phoneDigitsSchema } from './phone';

/** SPEC.md section 3, "Practice listing request": the four practice types, as stable codes. */
export const PRACTICE_TYPES = ['solePractitioner', 'group', 'corporateDso', 'university'] as const;
export const practiceTypeSchema = z.enum(PRACTICE_TYPES, { error: 'validation.required' });

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
    description:
      'National Provider Identifier: 10 digits whose last is the Luhn check digit over the prefix 80840 and the first nine.',
    examples: ['1234567893'],
  });

/**
 * An http(s) address: an optional scheme, a host name with a top-level domain, an optional port,
 * path, query or fragment. One pattern, so the published document states the rule the server
 * checks; a bare domain ("smiles.example") is stored as https.
 */
const WEBSITE_BODY = String.raw`(?:https?:\/\/)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}(?::\d{1,5})?(?:[\/?#][^\s\u0000]*)?`;
export const WEBSITE_PATTERN = new RegExp(`^${WEBSITE_BODY}$`);

/** Length limits of the practice form's free-text fields, which the form says beside each field. */
export const PRACTICE_TEXT_LIMITS = {
  practiceName: 150,
  website: 300,
  address: 300,
  suite: 50,
  contactName: 100,
} as const;

export const websiteSchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .refine((v) => charCount(v) <= PRACTICE_TEXT_LIMITS.website, {
    message: 'validation.tooLong',
    params: { max: PRACTICE_TEXT_LIMITS.website },
  })
  .refine((v) => v === '' || WEBSITE_PATTERN.test(v), 'validation.urlInvalid')
  .transform((v) => (v && !/^https?:\/\//.test(v) ? `https://${v}` : v))
  .optional()
  .transform((v) => (v ? v : undefined))
  .meta({
    maxLength: PRACTICE_TEXT_LIMITS.website,
    pattern: String.raw`^\s*(?:${WEBSITE_BODY})?\s*$`,
    description: 'Optional http(s) address; a bare domain is stored as https://.',
  });

// POST /v4/practiceRequests - a practice asks to be listed (SPEC.md sections 1 and 3)
export const practiceRequestSchema = z
  .strictObject({
    practiceName: requiredText(PRACTICE_TEXT_LIMITS.practiceName),
    phoneCountry: countryCodeSchema,
    phoneNumber: phoneDigitsSchema,
    website: websiteSchema,
    email: emailSchema,
    address: requiredText(PRACTICE_TEXT_LIMITS.address),
    suite: optionalText(PRACTICE_TEXT_LIMITS.suite),
    contactName: requiredText(PRACTICE_TEXT_LIMITS.contactName),
    practiceType: practiceTypeSchema,
    providerFirstName: requiredText(MAX_NAME_LENGTH),
    providerLastName: requiredText(MAX_NAME_LENGTH),
    mobileCountry: countryCodeSchema,
    mobileNumber: phoneDigitsSchema.meta({
      description:
        "The provider's mobile: national number without the dial code, digits only (spaces, dots, dashes and parentheses are ignored); at most the mobileCountry's maxPhoneLength digits (GET /v4/countries) and a valid number in that country's numbering plan.",
    }),
    providerEmail: emailSchema,
    npi: npiSchema,
    specialtyIds: z
      .array(z.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid'), {
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

export const practiceRequestReceiptSchema = z.object({ id: z.uuid(), message: z.string() });
export type PracticeRequestReceipt = z.infer<typeof practiceRequestReceiptSchema>;

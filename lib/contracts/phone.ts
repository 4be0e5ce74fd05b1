import './zod-config';
import { z } from 'zod';
import { isValidPhoneNumber, type CountryCode as PhoneCountry } from 'libphonenumber-js/min';
import { countryByCode } from './countries';
import { REQUIRED } from './validation';

/*
 * Phone numbers, apart from the other field rules: libphonenumber's metadata and the country list
 * weigh about 30 kB in the browser, which forms without a phone (log in, reset a password) need
 * not load.
 */

/** National digits only; the country's maximum local length and numbering plan apply. */
export function isValidPhone(countryCode: string, digits: string): boolean {
  const country = countryByCode(countryCode);
  if (!country || !/^\d+$/.test(digits) || digits.length > country.maxPhoneLength) return false;
  return isValidPhoneNumber(digits, countryCode as PhoneCountry);
}

export const phoneDigitsSchema = z
  .string({ error: 'validation.required' })
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().min(1, REQUIRED).max(15, 'validation.phoneInvalid').regex(/^\d+$/, 'validation.phoneInvalid'))
  .meta({
    // The numbering plan is libphonenumber's metadata, which no JSON Schema keyword holds; the
    // per-country digit count is stated beside phoneCountry (lib/contracts/user.ts).
    pattern: '^[0-9]+$',
    minLength: 1,
    maxLength: 15,
    description:
      "National number without the dial code, digits only (spaces, dots, dashes and parentheses are ignored); at most the phoneCountry's maxPhoneLength digits (GET /v4/countries) and a valid number in that country's numbering plan.",
    examples: ['2125550123'],
  });

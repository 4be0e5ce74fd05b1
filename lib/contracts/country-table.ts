/*
 * Kept apart from countries.ts (its zod schemas) so the header can name a user's country
 * without bringing zod into every page's first load (the page's JavaScript budget).
 */

/**
 * Countries offered at sign-up (SPEC.md section 3) with dial codes and maximum local phone
 * length (section 5 gives AU 9, CA/GB/IN/US 10; the others follow each national numbering plan).
 * Client-safe: forms validate phone numbers with the same table the backend uses.
 */
export const COUNTRIES = [
  { code: 'US', nameEn: 'USA', nameEs: 'Estados Unidos', dialCode: '1', maxPhoneLength: 10 },
  { code: 'AU', nameEn: 'Australia', nameEs: 'Australia', dialCode: '61', maxPhoneLength: 9 },
  { code: 'CA', nameEn: 'Canada', nameEs: 'Canadá', dialCode: '1', maxPhoneLength: 10 },
  { code: 'GB', nameEn: 'England', nameEs: 'Inglaterra', dialCode: '44', maxPhoneLength: 10 },
  { code: 'FR', nameEn: 'France', nameEs: 'Francia', dialCode: '33', maxPhoneLength: 9 },
  { code: 'IN', nameEn: 'India', nameEs: 'India', dialCode: '91', maxPhoneLength: 10 },
  { code: 'MX', nameEn: 'Mexico', nameEs: 'México', dialCode: '52', maxPhoneLength: 10 },
  { code: 'NO', nameEn: 'Norway', nameEs: 'Noruega', dialCode: '47', maxPhoneLength: 8 },
  { code: 'PK', nameEn: 'Pakistan', nameEs: 'Pakistán', dialCode: '92', maxPhoneLength: 10 },
  { code: 'QA', nameEn: 'Qatar', nameEs: 'Catar', dialCode: '974', maxPhoneLength: 8 },
  { code: 'SA', nameEn: 'Saudi Arabia', nameEs: 'Arabia Saudita', dialCode: '966', maxPhoneLength: 9 },
  { code: 'ES', nameEn: 'Spain', nameEs: 'España', dialCode: '34', maxPhoneLength: 9 },
  { code: 'SE', nameEn: 'Sweden', nameEs: 'Suecia', dialCode: '46', maxPhoneLength: 9 },
  { code: 'AE', nameEn: 'UAE', nameEs: 'Emiratos Árabes Unidos', dialCode: '971', maxPhoneLength: 9 },
] as const;

export function countryByCode(code: string) {
  return COUNTRIES.find((c) => c.code === code);
}

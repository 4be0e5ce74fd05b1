import { z } from 'zod';
import './zod-config';
import { COUNTRIES } from './country-table';

export { COUNTRIES };

export type CountryCode = (typeof COUNTRIES)[number]['code'];
export const countryCodeSchema = z.enum(COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]], {
  error: 'validation.required',
});

export const countrySchema = z.object({
  code: countryCodeSchema,
  name: z.string(),
  dialCode: z.string(),
  maxPhoneLength: z.number().int(),
});
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.array(countrySchema);

export { countryByCode } from './country-table';

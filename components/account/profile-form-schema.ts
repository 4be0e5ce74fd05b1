import '@/lib/contracts/zod-config';
import { z } from 'zod';
import { updateProfileRequestSchema } from '@/lib/contracts/user';
import { isValidPhone } from '@/lib/contracts/phone';
import { isValidZip } from '@/lib/contracts/validation';

type Payload = { issues: readonly { path?: readonly PropertyKey[] }[] };

/**
 * The contract checks phone and zip against their countries only once every field parses, so a
 * person fixing other fields would learn of a bad phone number one submit later. These run the
 * same checks early, only while other fields have issues (otherwise the contract's own apply).
 */
const whileOthersFail = (...fields: string[]) => ({
  when: (payload: Payload) =>
    payload.issues.length > 0 && !payload.issues.some((i) => fields.includes(String(i.path?.[0]))),
});

type ProfileLike = { phoneCountry: string; phoneNumber: string; country: string; zip: string };

export function withEarlyProfileChecks<T extends z.ZodType<ProfileLike>>(schema: T) {
  return schema
    .refine((v) => isValidPhone(v.phoneCountry, v.phoneNumber), {
      path: ['phoneNumber'],
      message: 'validation.phoneInvalid',
      ...whileOthersFail('phoneNumber', 'phoneCountry'),
    })
    .refine((v) => isValidZip(v.country, v.zip), {
      path: ['zip'],
      message: 'validation.zipInvalid',
      ...whileOthersFail('zip', 'country'),
    });
}

export const profileFormSchema = withEarlyProfileChecks(updateProfileRequestSchema);
export type ProfileFormInput = z.input<typeof updateProfileRequestSchema>;

/** The profile's own field names, in the order they appear in the forms. */
export const PROFILE_FIELD_NAMES = [
  'firstName',
  'lastName',
  'phoneCountry',
  'phoneNumber',
  'gender',
  'dateOfBirth',
  'streetAddress',
  'suite',
  'city',
  'state',
  'zip',
  'country',
] as const;

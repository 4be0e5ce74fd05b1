import { z } from 'zod';
import './zod-config';
import { COUNTRIES, countryCodeSchema } from './countries';
import { imageIdSchema } from './images';
import {
  MAX_NAME_LENGTH,
  OTHER_ZIP_PATTERN,
  ZIP_PATTERNS,
  dateOfBirthSchema,
  emailSchema,
  isValidZip,
  newPasswordSchema,
  optionalText,
  requiredText,
  zipSchema,
} from './validation';
import { isValidPhone, phoneDigitsSchema } from './phone';

export const GENDERS = ['male', 'female', 'preferNotToSay'] as const;
export const genderSchema = z.enum(GENDERS, { error: 'validation.required' });
export type Gender = z.infer<typeof genderSchema>;

/** Length limits of the address fields, which the forms say beside each field. */
export const ADDRESS_LIMITS = { streetAddress: 200, suite: 50, city: 100, state: 100 } as const;

/** Profile fields shared by sign-up and profile update (SPEC.md section 3, "Patient / user"). */
export const profileFieldsSchema = z.strictObject({
  firstName: requiredText(MAX_NAME_LENGTH),
  lastName: requiredText(MAX_NAME_LENGTH),
  phoneCountry: countryCodeSchema,
  phoneNumber: phoneDigitsSchema,
  gender: genderSchema,
  dateOfBirth: dateOfBirthSchema,
  streetAddress: requiredText(ADDRESS_LIMITS.streetAddress),
  suite: optionalText(ADDRESS_LIMITS.suite),
  city: requiredText(ADDRESS_LIMITS.city),
  state: requiredText(ADDRESS_LIMITS.state),
  zip: zipSchema,
  country: countryCodeSchema,
});

type ProfileLike = { phoneCountry: string; phoneNumber: string; country: string; zip: string };

/** Cross-field rules: the phone is checked against its dial-code country, the zip against the address country. */
export function refineProfile<T extends ProfileLike>(value: T, ctx: z.RefinementCtx) {
  if (!isValidPhone(value.phoneCountry, value.phoneNumber)) {
    ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'validation.phoneInvalid' });
  }
  if (!isValidZip(value.country, value.zip)) {
    ctx.addIssue({ code: 'custom', path: ['zip'], message: 'validation.zipInvalid' });
  }
}

/**
 * refineProfile's rules as JSON Schema for the published document: the phone's digit count per
 * dial-code country and the zip's format per address country (only the numbering plan itself,
 * libphonenumber's metadata, stays in the phone number's description).
 */
function profileRulesJsonSchema() {
  const when = (field: string, code: string, then: Record<string, unknown>) => ({
    if: { properties: { [field]: { const: code } }, required: [field] },
    then: { properties: then },
  });
  return [
    ...COUNTRIES.map((c) => when('phoneCountry', c.code, { phoneNumber: { maxLength: c.maxPhoneLength } })),
    ...COUNTRIES.map((c) =>
      when('country', c.code, { zip: { pattern: (ZIP_PATTERNS[c.code] ?? OTHER_ZIP_PATTERN).source } }),
    ),
  ];
}

// POST /v4/patientAppUser - sign up
export const signUpRequestSchema = profileFieldsSchema
  .extend({
    email: emailSchema,
    password: newPasswordSchema,
    acceptTerms: z.literal(true, { error: 'validation.termsRequired' }),
  })
  .superRefine(refineProfile)
  .meta({ allOf: profileRulesJsonSchema() });
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

// PUT /v4/patientAppUser - update the profile (email and password change elsewhere)
export const updateProfileRequestSchema = profileFieldsSchema
  .superRefine(refineProfile)
  .meta({ allOf: profileRulesJsonSchema() });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneCountry: countryCodeSchema,
  phoneNumber: z.string(),
  gender: genderSchema,
  dateOfBirth: z.string(),
  streetAddress: z.string(),
  suite: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: countryCodeSchema,
  /**
   * The id of the profile photo, served to its owner by GET /v4/images/{id} (the web
   * app: /api/images/{id}); null without one. Set by PUT /v4/patientAppUser/photo.
   */
  profileImage: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

// GET /v4/patientAppUser - the current user is the first element (SPEC.md section 3)
export const userListSchema = z.array(userSchema);

// PUT /v4/patientAppUser/photo - make an uploaded image (POST /v4/images, purpose profile) the profile photo
export const setProfilePhotoRequestSchema = z.strictObject({ imageId: imageIdSchema });
export type SetProfilePhotoRequest = z.infer<typeof setProfilePhotoRequestSchema>;

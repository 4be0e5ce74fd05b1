import { z } from 'zod';
import './zod-config';
import { countryCodeSchema } from './countries';
import { genderSchema } from './user';
import { MAX_NAME_LENGTH, dateOfBirthSchemaAnyAge, requiredText } from './validation';

/**
 * Family members (SPEC.md section 3: "the patient fields plus relationship"). A patient books
 * for them and manages them in the account area. Unlike the account
 * holder, a family member may be under 16 (a child). Contact and address fields are optional:
 * a member shares the account holder's unless given.
 */
export const RELATIONSHIPS = ['spouse', 'child', 'parent', 'sibling', 'other'] as const;
export const relationshipSchema = z.enum(RELATIONSHIPS, { error: 'validation.required' });
export type Relationship = z.infer<typeof relationshipSchema>;

export const familyMemberIdSchema = z.uuid();
/** `{id}` of /v4/family/{id}: another shape is as unknown as someone else's id (404). */
export const familyMemberIdPathSchema = z.strictObject({ id: familyMemberIdSchema });

// POST /v4/family (add) and PUT /v4/family/{id} (edit)
export const familyMemberRequestSchema = z.strictObject({
  firstName: requiredText(MAX_NAME_LENGTH),
  lastName: requiredText(MAX_NAME_LENGTH),
  relationship: relationshipSchema,
  gender: genderSchema,
  dateOfBirth: dateOfBirthSchemaAnyAge,
});
export type FamilyMemberRequest = z.infer<typeof familyMemberRequestSchema>;

export const familyMemberSchema = z.object({
  id: familyMemberIdSchema,
  firstName: z.string(),
  lastName: z.string(),
  relationship: relationshipSchema,
  gender: genderSchema,
  dateOfBirth: z.string(),
  /** Shared with the account holder (may let members have their own). */
  country: countryCodeSchema.optional(),
  profileImage: z.string().nullable(),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

// GET /v4/family (SPEC.md section 7: 200 stores the list)
export const familyListSchema = z.array(familyMemberSchema);

import { z } from 'zod';
import './zod-config';
import { genderSchema } from './user';
import { imageIdSchema } from './images';
import { relationshipSchema } from './family';
import { requiredText } from './validation';

/*
 * Insurance cards of the patient and of each family member (SPEC.md sections 3, 5, 7):
 * a carrier and plan from the seeded catalogue (GET /v4/insuranceCarriers), the member id, and
 * the front and back images of the card (both required), uploaded first through POST /v4/images
 * with purpose `insurance`. One insurance per person; saving again replaces it.
 */

export const MAX_MEMBER_ID_LENGTH = 40;

const catalogueId = z
  .number({ error: 'validation.required' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(2_147_483_647, 'validation.invalid');

const cardImageId = z.uuid({ error: 'validation.required' });

export const insuranceDetailsSchema = z.strictObject({
  carrierId: catalogueId,
  planId: catalogueId,
  memberId: requiredText(MAX_MEMBER_ID_LENGTH),
  /** Ids answered by POST /v4/images (purpose insurance); SPEC.md section 5: front and back both required. */
  frontImageId: cardImageId,
  backImageId: cardImageId,
});

// PUT /v4/updateFadMemberInsurance (SPEC.md section 7: body appUserId, insuranceDetails, isFamilyMember)
export const updateMemberInsuranceRequestSchema = z
  .strictObject({
    /** The patient's own id, or the id of one of their family members (with isFamilyMember). */
    appUserId: z.uuid({ error: 'validation.invalid' }),
    insuranceDetails: insuranceDetailsSchema,
    isFamilyMember: z.boolean({ error: 'validation.required' }),
  })
  .superRefine((value, ctx) => {
    if (value.insuranceDetails.frontImageId === value.insuranceDetails.backImageId) {
      ctx.addIssue({ code: 'custom', path: ['insuranceDetails', 'backImageId'], message: 'validation.invalid' });
    }
  });
export type UpdateMemberInsuranceRequest = z.infer<typeof updateMemberInsuranceRequestSchema>;

export const insuranceSchema = z.object({
  carrierId: z.number().int(),
  carrierName: z.string(),
  planId: z.number().int(),
  planName: z.string(),
  memberId: z.string(),
  /** Null only when the patient deleted the image since (DELETE /v4/images/{id}): upload it again. */
  frontImageId: imageIdSchema.nullable(),
  backImageId: imageIdSchema.nullable(),
  updatedAt: z.string(),
});
export type Insurance = z.infer<typeof insuranceSchema>;

/** One insured person: the patient (isFamilyMember false) or a family member. */
export const insuredPersonSchema = z.object({
  appUserId: z.uuid(),
  isFamilyMember: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  relationship: relationshipSchema.nullable(),
  /** SPEC.md section 5: gender is required for insurance matching (both profiles require it). */
  gender: genderSchema,
  insurance: insuranceSchema.nullable(),
});
export type InsuredPerson = z.infer<typeof insuredPersonSchema>;

// GET /v4/insurance - the patient first, then each live family member, oldest first
export const insuredPersonListSchema = z.array(insuredPersonSchema);

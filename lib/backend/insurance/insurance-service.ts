import 'server-only';
import { inTransaction } from '../../db/transaction';
import { ApiError } from '../errors';
import { findOwnFamilyMember, listFamily } from '../family/family-service';
import { patientById } from '../users/users-service';
import {
  findCarrierPlan,
  findOwnedImages,
  listOwnerInsurance,
  upsertInsurance,
  type InsuranceRow,
} from './insurance-repository';
import type { AuthenticatedSession } from '../auth/auth-service';
import type { Gender } from '../../contracts/user';
import type { Insurance, InsuredPerson, UpdateMemberInsuranceRequest } from '../../contracts/insurance';

/** Reshapes a row into the contract's Insurance (STYLE.md habit 2). */
function toInsuranceDto(row: InsuranceRow): Insurance {
  return {
    carrierId: row.carrierId,
    carrierName: row.carrierName,
    planId: row.planId,
    planName: row.planName,
    memberId: row.memberNumber,
    frontImageId: row.frontImageId,
    backImageId: row.backImageId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

// GET /v4/insurance - the patient first, then each live family member (oldest first)
export async function listInsurance(auth: AuthenticatedSession): Promise<InsuredPerson[]> {
  const [user, family, rows] = await Promise.all([
    patientById(auth.userId),
    listFamily(auth),
    listOwnerInsurance(auth.userId),
  ]);
  if (!user) throw new ApiError('notAuthorized');
  const insuranceOf = (familyMemberId: string | null) => {
    const row = rows.find((r) => r.familyMemberId === familyMemberId);
    return row ? toInsuranceDto(row) : null;
  };
  return [
    {
      appUserId: user.id,
      isFamilyMember: false,
      firstName: user.firstName,
      lastName: user.lastName,
      relationship: null,
      gender: user.gender as Gender,
      insurance: insuranceOf(null),
    },
    ...family.map((member) => ({
      appUserId: member.id,
      isFamilyMember: true,
      firstName: member.firstName,
      lastName: member.lastName,
      relationship: member.relationship,
      gender: member.gender,
      insurance: insuranceOf(member.id),
    })),
  ];
}

/**
 * PUT /v4/updateFadMemberInsurance. Whose insurance: the patient's own id without
 * isFamilyMember, or one of their live family members' with it; anything else (another
 * patient, a deleted member, the flag not matching the id) answers 404, as an unknown id does.
 * The card images must be the patient's own uploads for insurance (SPEC.md section 5: front and
 * back both required); another patient's image answers 404 like an unknown one.
 */
export async function updateMemberInsurance(
  auth: AuthenticatedSession,
  body: UpdateMemberInsuranceRequest,
): Promise<InsuredPerson> {
  const familyMemberId = body.isFamilyMember ? body.appUserId : null;
  if (familyMemberId) {
    if (!(await findOwnFamilyMember(auth.userId, familyMemberId))) throw new ApiError('notFound');
  } else if (body.appUserId !== auth.userId) {
    throw new ApiError('notFound');
  }
  const details = body.insuranceDetails;
  if (!(await findCarrierPlan(details.carrierId, details.planId))) {
    throw new ApiError('badRequest', 'api.badRequest', {
      fields: [{ path: 'insuranceDetails.planId', message: 'validation.invalid' }],
    });
  }
  const wanted = [details.frontImageId, details.backImageId];
  const owned = await findOwnedImages(auth.userId, wanted);
  if (owned.length !== wanted.length) throw new ApiError('notFound', 'insurance.imageNotFound');
  const notCards = wanted.filter((id) => owned.find((image) => image.id === id)?.purpose !== 'insurance');
  if (notCards.length) {
    throw new ApiError('badRequest', 'api.badRequest', {
      fields: notCards.map((id) => ({
        path: `insuranceDetails.${id === details.frontImageId ? 'frontImageId' : 'backImageId'}`,
        message: 'validation.invalid',
      })),
    });
  }
  await inTransaction(() =>
    upsertInsurance(auth.userId, familyMemberId, {
      carrierId: details.carrierId,
      planId: details.planId,
      memberNumber: details.memberId,
      frontImageId: details.frontImageId,
      backImageId: details.backImageId,
    }),
  );
  const person = (await listInsurance(auth)).find(
    (p) => p.appUserId === body.appUserId && p.isFamilyMember === body.isFamilyMember,
  );
  if (!person) throw new ApiError('notFound'); // the member was removed meanwhile
  return person;
}

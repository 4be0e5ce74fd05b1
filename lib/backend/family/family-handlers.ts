import 'server-only';
import { translate } from '../../i18n/translate';
import { v4Handler } from '../api/v4-handler';
import { addFamilyMember, deleteFamilyMember, listFamily, updateFamilyMember } from './family-service';

/** Thin /v4 handlers of the family-members resource (STYLE.md habit 1). */
export const familyHandlers = {
  // GET /v4/family - the patient's family members, oldest first
  listFamily: v4Handler('listFamily', ({ auth }) => listFamily(auth)),
  // POST /v4/family - add a family member
  addFamilyMember: v4Handler('addFamilyMember', ({ auth, body }) => addFamilyMember(auth, body)),
  // PUT /v4/family/{id} - edit a family member
  updateFamilyMember: v4Handler('updateFamilyMember', ({ auth, params, body }) =>
    updateFamilyMember(auth, params.id!, body),
  ),
  // DELETE /v4/family/{id} - remove a family member (soft: past appointments keep the name)
  deleteFamilyMember: v4Handler('deleteFamilyMember', async ({ auth, params, locale }) => {
    await deleteFamilyMember(auth, params.id!);
    return { message: translate(locale, 'api.familyMemberDeleted') };
  }),
};

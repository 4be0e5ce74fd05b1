import 'server-only';
import { v4Handler } from '../api/v4-handler';
import { listInsurance, updateMemberInsurance } from './insurance-service';

/** Thin /v4 handlers of the insurance resource (STYLE.md habit 1). */
export const insuranceHandlers = {
  // GET /v4/insurance - the patient's and each family member's insurance
  listInsurance: v4Handler('listInsurance', ({ auth }) => listInsurance(auth)),
  // PUT /v4/updateFadMemberInsurance - save the insurance of the patient or a family member
  updateMemberInsurance: v4Handler('updateMemberInsurance', ({ auth, body }) => updateMemberInsurance(auth, body)),
};

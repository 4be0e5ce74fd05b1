import { updateMemberInsuranceRequestSchema } from '@/lib/contracts/insurance';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/insurance - the patient's and each family member's insurance (GET /v4/insurance)
export const GET = bffRoute({
  auth: true,
  handle: async ({ token, locale }) => relay(await callV4('listInsurance', { token, locale })),
});

// PUT /api/insurance - save one person's insurance (PUT /v4/updateFadMemberInsurance)
export const PUT = bffRoute({
  auth: true,
  body: updateMemberInsuranceRequestSchema,
  handle: async ({ token, locale, body }) => relay(await callV4('updateMemberInsurance', { token, locale, body })),
});

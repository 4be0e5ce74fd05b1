import { familyMemberRequestSchema } from '@/lib/contracts/family';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/family - the patient's family members (GET /v4/family)
export const GET = bffRoute({
  auth: true,
  handle: async ({ locale, token }) => relay(await callV4('listFamily', { locale, token })),
});

// POST /api/family - add a family member
export const POST = bffRoute({
  auth: true,
  body: familyMemberRequestSchema,
  handle: async ({ body, locale, token }) => relay(await callV4('addFamilyMember', { locale, token, body })),
});

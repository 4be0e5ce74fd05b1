import { familyMemberRequestSchema } from '@/lib/contracts/family';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// PUT /api/family/{id} - edit a family member (another patient's id answers 404)
export const PUT = bffRoute({
  auth: true,
  body: familyMemberRequestSchema,
  handle: async ({ body, locale, token, params }) =>
    relay(await callV4('updateFamilyMember', { locale, token, params: { id: params.id ?? '' }, body })),
});

// DELETE /api/family/{id}
export const DELETE = bffRoute({
  auth: true,
  handle: async ({ locale, token, params }) =>
    relay(await callV4('deleteFamilyMember', { locale, token, params: { id: params.id ?? '' } })),
});

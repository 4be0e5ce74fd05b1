import { updateProfileRequestSchema, type User } from '@/lib/contracts/user';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/me - the current user (first element of GET /v4/patientAppUser)
export const GET = bffRoute({
  auth: true,
  handle: async ({ token, locale }) => relay(await callV4<User[]>('listUsers', { token, locale }), (list) => list[0]),
});

// PUT /api/me - update the profile
export const PUT = bffRoute({
  auth: true,
  body: updateProfileRequestSchema,
  handle: async ({ token, locale, body }) => relay(await callV4<User>('updateProfile', { token, locale, body })),
});

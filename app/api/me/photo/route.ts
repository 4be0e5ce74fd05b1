import { setProfilePhotoRequestSchema, type User } from '@/lib/contracts/user';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// PUT /api/me/photo - make an uploaded image (POST /api/images, purpose profile) the profile photo
export const PUT = bffRoute({
  auth: true,
  body: setProfilePhotoRequestSchema,
  handle: async ({ token, locale, body }) => relay(await callV4<User>('setProfilePhoto', { token, locale, body })),
});

// DELETE /api/me/photo - remove the profile photo
export const DELETE = bffRoute({
  auth: true,
  handle: async ({ token, locale }) => relay(await callV4<User>('deleteProfilePhoto', { token, locale })),
});

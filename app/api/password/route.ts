import { changePasswordRequestSchema } from '@/lib/contracts/auth';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// PUT /api/password - change the password while logged in
export const PUT = bffRoute({
  auth: true,
  body: changePasswordRequestSchema,
  handle: async ({ token, locale, body, ip }) =>
    relay(await callV4('changePassword', { token, locale, body, clientIp: ip })),
});

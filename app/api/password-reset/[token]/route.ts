import { setNewPasswordRequestSchema } from '@/lib/contracts/auth';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/password-reset/{token} - is the link still usable?
export const GET = bffRoute({
  handle: async ({ params, locale }) =>
    relay(await callV4('checkResetToken', { params: { token: params.token ?? '' }, locale })),
});

// PUT /api/password-reset/{token} - set the new password (all sessions of the user end)
export const PUT = bffRoute({
  body: setNewPasswordRequestSchema,
  handle: async ({ params, locale, body, session }) => {
    const result = await callV4('setNewPassword', { params: { token: params.token ?? '' }, locale, body });
    if (result.ok && session.token) session.destroy();
    return relay(result);
  },
});

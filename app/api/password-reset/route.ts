import { passwordResetEmailRequestSchema } from '@/lib/contracts/auth';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// POST /api/password-reset - email a reset link
export const POST = bffRoute({
  body: passwordResetEmailRequestSchema,
  handle: async ({ body, locale, ip }) => relay(await callV4('sendResetEmail', { body, locale, clientIp: ip })),
});

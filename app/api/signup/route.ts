import { signUpRequestSchema } from '@/lib/contracts/user';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// POST /api/signup - create the account; the browser then goes to login (SPEC.md section 2)
export const POST = bffRoute({
  body: signUpRequestSchema,
  handle: async ({ body, locale, ip }) => relay(await callV4('signUp', { body, locale, clientIp: ip })),
});

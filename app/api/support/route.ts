import { supportRequestSchema } from '@/lib/contracts/support';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// PUT /api/support - send a support request (PUT /v4/supportEmail)
export const PUT = bffRoute({
  auth: true,
  body: supportRequestSchema,
  handle: async ({ body, locale, token }) => relay(await callV4('supportEmail', { locale, token, body })),
});

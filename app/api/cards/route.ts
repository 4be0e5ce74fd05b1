import { saveCardRequestSchema } from '@/lib/contracts/cards';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/cards - the patient's saved cards, default first (GET /v4/cards)
export const GET = bffRoute({
  auth: true,
  handle: async ({ locale, token }) => relay(await callV4('listCards', { locale, token })),
});

// POST /api/cards - save a card tokenised in the browser (opaque data only)
export const POST = bffRoute({
  auth: true,
  body: saveCardRequestSchema,
  handle: async ({ body, locale, token, ip }) => relay(await callV4('saveCard', { locale, token, clientIp: ip, body })),
});

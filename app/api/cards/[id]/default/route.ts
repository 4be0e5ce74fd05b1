import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// PUT /api/cards/{id}/default - make a saved card the default; answers the list, default first
export const PUT = bffRoute({
  auth: true,
  handle: async ({ locale, token, params }) =>
    relay(await callV4('setDefaultCard', { locale, token, params: { id: params.id ?? '' } })),
});

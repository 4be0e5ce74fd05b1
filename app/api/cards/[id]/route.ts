import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// DELETE /api/cards/{id} - delete a saved card (also at the gateway)
export const DELETE = bffRoute({
  auth: true,
  handle: async ({ locale, token, params }) =>
    relay(await callV4('deleteCard', { locale, token, params: { id: params.id ?? '' } })),
});

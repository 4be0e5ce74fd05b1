import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// PUT /api/favorites/providers/{id} - add a provider to favourites (idempotent)
export const PUT = bffRoute({
  auth: true,
  handle: async ({ locale, token, params }) =>
    relay(await callV4('addFavoriteProvider', { locale, token, params: { id: params.id ?? '' } })),
});

// DELETE /api/favorites/providers/{id} - remove it (idempotent)
export const DELETE = bffRoute({
  auth: true,
  handle: async ({ locale, token, params }) =>
    relay(await callV4('removeFavoriteProvider', { locale, token, params: { id: params.id ?? '' } })),
});

import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// PUT /api/favorites/clinics/{id} - add a clinic to favourites (idempotent)
export const PUT = bffRoute({
  auth: true,
  handle: async ({ locale, token, params }) =>
    relay(await callV4('addFavoriteClinic', { locale, token, params: { id: params.id ?? '' } })),
});

// DELETE /api/favorites/clinics/{id} - remove it (idempotent)
export const DELETE = bffRoute({
  auth: true,
  handle: async ({ locale, token, params }) =>
    relay(await callV4('removeFavoriteClinic', { locale, token, params: { id: params.id ?? '' } })),
});

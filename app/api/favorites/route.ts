import { favoritesQuerySchema } from '@/lib/contracts/favorites';
import { parseQuery } from '@/lib/http/query';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/favorites?lat&lng - the user's favourite providers and clinics (GET /v4/favorites)
export const GET = bffRoute({
  auth: true,
  handle: async ({ request, locale, token }) => {
    parseQuery(request, favoritesQuerySchema);
    return relay(await callV4('listFavorites', { locale, token, query: new URL(request.url).searchParams }));
  },
});

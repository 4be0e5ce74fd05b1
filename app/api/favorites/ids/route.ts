import type { Favorites } from '@/lib/contracts/favorites';
import { bffRoute } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

/**
 * GET /api/favorites/ids - which providers and clinics the visitor saved, for the heart
 * toggles. Logged out is an answer here (200, signedIn false), not a 401: the toggles sit on
 * public pages, where most visitors are logged out and an error would only fill the console.
 */
export const GET = bffRoute({
  handle: async ({ locale, token, session }) => {
    const headers = { 'cache-control': 'no-store' };
    if (!token) return Response.json({ signedIn: false, providerIds: [], clinicIds: [] }, { headers });
    const result = await callV4<Favorites>('listFavorites', { locale, token });
    if (result.ok) {
      const { providerIds, clinicIds } = result.data;
      return Response.json({ signedIn: true, providerIds, clinicIds }, { headers });
    }
    if (result.status === 401) {
      // The /v4 session is gone (spec section 7's session routine): drop the cookie too.
      session.destroy();
      return Response.json({ signedIn: false, providerIds: [], clinicIds: [] }, { headers });
    }
    return Response.json(result.error, { status: result.status, headers });
  },
});

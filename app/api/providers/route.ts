import { providerListQuerySchema } from '@/lib/contracts/providers';
import { parseQuery } from '@/lib/http/query';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/providers?lat&lng&... - providers near a point (GET /v4/providers)
export const GET = bffRoute({
  handle: async ({ request, locale }) => {
    parseQuery(request, providerListQuerySchema);
    return relay(await callV4('listProviders', { locale, query: new URL(request.url).searchParams }));
  },
});

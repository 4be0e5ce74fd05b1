import { searchRequestSchema, type GlobalSearchResponse } from '@/lib/contracts/search';
import { ApiError } from '@/lib/http/errors';
import { parseQuery } from '@/lib/http/query';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/search?searchText&lat&lng&country&favorite - the global typeahead (GET /v4/globalSearch)
export const GET = bffRoute({
  handle: async ({ request, locale, token }) => {
    const query = parseQuery(request, searchRequestSchema);
    if (query.favorite && !token) throw new ApiError('notAuthorized');
    const result = await callV4<GlobalSearchResponse>('globalSearch', {
      locale,
      // Only a favourites search needs the session; the plain typeahead stays anonymous.
      token: query.favorite ? token : undefined,
      query: query.favorite ? { favorite: 'true' } : undefined,
      headers: {
        // Header values are Latin-1: the text travels percent-encoded and /v4 decodes it.
        searchText: encodeURIComponent(query.searchText),
        latitude: query.lat?.toString(),
        longitude: query.lng?.toString(),
        country: query.country,
      },
    });
    return relay(result);
  },
});

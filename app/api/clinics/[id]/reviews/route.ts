import { reviewListQuerySchema } from '@/lib/contracts/reviews';
import { parseQuery } from '@/lib/http/query';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/clinics/{id}/reviews?page&pageSize - more reviews (GET /v4/clinics/{id}/reviews)
export const GET = bffRoute({
  handle: async ({ request, locale, params }) => {
    parseQuery(request, reviewListQuerySchema);
    return relay(
      await callV4('listClinicReviews', {
        locale,
        params: { id: params.id ?? '' },
        query: new URL(request.url).searchParams,
      }),
    );
  },
});

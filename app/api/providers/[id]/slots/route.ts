import { slotsQuerySchema } from '@/lib/contracts/providers';
import { parseQuery } from '@/lib/http/query';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/providers/{id}/slots?officeId&from&to - free slots by day (GET /v4/providers/{id}/slots)
export const GET = bffRoute({
  handle: async ({ request, locale, params }) => {
    parseQuery(request, slotsQuerySchema);
    return relay(
      await callV4('getProviderSlots', {
        locale,
        params: { id: params.id ?? '' },
        query: new URL(request.url).searchParams,
      }),
    );
  },
});

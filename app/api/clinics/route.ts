import { clinicListQuerySchema } from '@/lib/contracts/clinics';
import { parseQuery } from '@/lib/http/query';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/clinics?lat&lng&... - dental offices near a point (GET /v4/clinics)
export const GET = bffRoute({
  handle: async ({ request, locale }) => {
    parseQuery(request, clinicListQuerySchema);
    return relay(await callV4('listClinics', { locale, query: new URL(request.url).searchParams }));
  },
});

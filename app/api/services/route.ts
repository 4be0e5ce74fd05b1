import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/services - procedures and services for the search filters, in the page's language
export const GET = bffRoute({
  handle: async ({ locale }) => relay(await callV4('services', { locale })),
});

import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/countries - countries with dial codes for the sign-up and profile forms
export const GET = bffRoute({
  handle: async ({ locale }) => relay(await callV4('countries', { locale })),
});

import { bffRoute, relay } from '@/lib/bff/route';
import { callV4, forwardV4 } from '@/lib/bff/v4-client';

// GET /api/images/{id} - one of the patient's own images (bytes, Cache-Control: private, no-store)
export const GET = bffRoute({
  auth: true,
  handle: ({ token, locale, ip, params }) =>
    forwardV4('getImage', { token, locale, clientIp: ip, params: { id: params.id! } }),
});

// DELETE /api/images/{id}
export const DELETE = bffRoute({
  auth: true,
  handle: async ({ token, locale, ip, params }) =>
    relay(await callV4('deleteImage', { token, locale, clientIp: ip, params: { id: params.id! } })),
});

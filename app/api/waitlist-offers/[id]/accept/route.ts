import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// POST /api/waitlist-offers/{id}/accept - move the appointment to the offered earlier slot
export const POST = bffRoute({
  auth: true,
  handle: async ({ locale, token, ip, params }) =>
    relay(await callV4('acceptWaitlistOffer', { locale, token, clientIp: ip, params: { id: params.id ?? '' } })),
});

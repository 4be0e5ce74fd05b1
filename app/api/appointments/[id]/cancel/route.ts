import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// PUT /api/appointments/{id}/cancel - cancel, refunding under the 24-hour rule (canceling again changes nothing)
export const PUT = bffRoute({
  auth: true,
  handle: async ({ locale, token, ip, params }) =>
    relay(await callV4('cancelAppointment', { locale, token, clientIp: ip, params: { id: params.id ?? '' } })),
});

import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/appointments/{id}/waitlist - whether the patient is told of earlier slots
export const GET = bffRoute({
  auth: true,
  handle: async ({ locale, token, params }) =>
    relay(await callV4('getWaitlistStatus', { locale, token, params: { id: params.id ?? '' } })),
});

// PUT /api/appointments/{id}/waitlist - be told of earlier slots with the same provider
export const PUT = bffRoute({
  auth: true,
  handle: async ({ locale, token, ip, params }) =>
    relay(await callV4('joinWaitlist', { locale, token, clientIp: ip, params: { id: params.id ?? '' } })),
});

// DELETE /api/appointments/{id}/waitlist - stop being told
export const DELETE = bffRoute({
  auth: true,
  handle: async ({ locale, token, ip, params }) =>
    relay(await callV4('leaveWaitlist', { locale, token, clientIp: ip, params: { id: params.id ?? '' } })),
});

import { rescheduleRequestSchema } from '@/lib/contracts/appointments';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// PUT /api/appointments/{id}/reschedule - another slot of the same provider
export const PUT = bffRoute({
  auth: true,
  body: rescheduleRequestSchema,
  handle: async ({ locale, token, ip, params, body }) =>
    relay(
      await callV4('rescheduleAppointment', { locale, token, clientIp: ip, params: { id: params.id ?? '' }, body }),
    ),
});

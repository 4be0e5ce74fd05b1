import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/appointments/{id} - one of the patient's appointments (another patient's id answers 404)
export const GET = bffRoute({
  auth: true,
  handle: async ({ locale, token, params }) =>
    relay(await callV4('getAppointment', { locale, token, params: { id: params.id ?? '' } })),
});

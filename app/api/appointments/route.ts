import { bookAppointmentRequestSchema } from '@/lib/contracts/appointments';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// POST /api/appointments - book a slot (POST /v4/appointments); the card arrives as opaque data only
export const POST = bffRoute({
  auth: true,
  body: bookAppointmentRequestSchema,
  handle: async ({ body, locale, token, ip }) =>
    relay(await callV4('bookAppointment', { locale, token, clientIp: ip, body })),
});

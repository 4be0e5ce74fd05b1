import { appointmentListQuerySchema, bookAppointmentRequestSchema } from '@/lib/contracts/appointments';
import { parseQuery } from '@/lib/http/query';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/appointments?tab&page&pageSize - the patient's appointments by tab, paged (GET /v4/appointments)
export const GET = bffRoute({
  auth: true,
  handle: async ({ request, locale, token }) => {
    parseQuery(request, appointmentListQuerySchema);
    return relay(await callV4('listAppointments', { locale, token, query: new URL(request.url).searchParams }));
  },
});

// POST /api/appointments - book a slot (POST /v4/appointments); the card arrives as opaque data only
export const POST = bffRoute({
  auth: true,
  body: bookAppointmentRequestSchema,
  handle: async ({ body, locale, token, ip }) =>
    relay(await callV4('bookAppointment', { locale, token, clientIp: ip, body })),
});

import { bffRoute } from '@/lib/bff/route';
import { forwardV4 } from '@/lib/bff/v4-client';

// GET /api/appointments/{id}/calendar - the appointment as an .ics file (bytes passed on as /v4 answers them)
export const GET = bffRoute({
  auth: true,
  handle: ({ locale, token, ip, params }) =>
    forwardV4('appointmentCalendar', { locale, token, clientIp: ip, params: { id: params.id ?? '' } }),
});

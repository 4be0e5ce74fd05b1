import 'server-only';
import { appointmentIdSchema, officeKeyHeadersSchema } from '../../contracts/appointments';
import { parseHeaders } from '../../http/query';
import { ApiError } from '../errors';
import { v4Handler } from '../api/v4-handler';
import {
  appointmentCalendar,
  bookAppointment,
  cancelAppointment,
  getAppointment,
  listAppointments,
  rescheduleAppointment,
} from './appointments-service';
import { officeAppointments, setStatusByOffice, type OfficeCaller } from './office-service';

/** An appointment id of another shape is as unknown as someone else's: 404, revealing nothing. */
function appointmentId(params: Record<string, string>): string {
  const parsed = appointmentIdSchema.safeParse(params.id);
  if (!parsed.success) throw new ApiError('notFound');
  return parsed.data;
}

function officeCaller(request: Request, ip: string): OfficeCaller {
  return { key: parseHeaders(request, officeKeyHeadersSchema, ['x-office-key'])['x-office-key'], ip };
}

/** Thin /v4 handlers of appointments (STYLE.md habit 1). */
export const appointmentHandlers = {
  // POST /v4/appointments - book
  bookAppointment: v4Handler('bookAppointment', ({ auth, body, locale, ip }) =>
    bookAppointment(auth, body, locale, new Date(), ip),
  ),
  // GET /v4/appointments?tab&page&pageSize
  listAppointments: v4Handler('listAppointments', ({ auth, query, locale }) => listAppointments(auth, query, locale)),
  // GET /v4/appointments/{id}
  getAppointment: v4Handler('getAppointment', ({ auth, params, locale }) =>
    getAppointment(auth, appointmentId(params), locale),
  ),
  // PUT /v4/appointments/{id}/cancel
  cancelAppointment: v4Handler('cancelAppointment', ({ auth, params, locale }) =>
    cancelAppointment(auth, appointmentId(params), locale),
  ),
  // PUT /v4/appointments/{id}/reschedule
  rescheduleAppointment: v4Handler('rescheduleAppointment', ({ auth, params, body, locale }) =>
    rescheduleAppointment(auth, appointmentId(params), body, locale),
  ),
  // GET /v4/appointments/{id}/calendar - the .ics file
  appointmentCalendar: v4Handler('appointmentCalendar', async ({ auth, params }) => {
    const ics = await appointmentCalendar(auth, appointmentId(params));
    return new Response(ics, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'attachment; filename="appointment.ics"',
        'cache-control': 'private, no-store',
      },
    });
  }),
  // GET /v4/office/appointments?from&to - office-facing (x-office-key)
  officeAppointments: v4Handler('officeAppointments', (ctx) =>
    officeAppointments(officeCaller(ctx.request, ctx.ip), ctx.query, ctx.locale),
  ),
  // PUT /v4/office/appointments/{id}/status - office-facing (x-office-key)
  officeSetStatus: v4Handler('officeSetStatus', ({ request, params, body, locale, ip }) =>
    setStatusByOffice(officeCaller(request, ip), appointmentId(params), body, locale),
  ),
};

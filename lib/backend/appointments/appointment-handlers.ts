import 'server-only';
import {
  appointmentIdSchema,
  appointmentListQuerySchema,
  officeAppointmentsQuerySchema,
  officeKeyHeadersSchema,
} from '../../contracts/appointments';
import { v4Routes } from '../../contracts/routes';
import { parseHeaders, parseQuery } from '../../http/query';
import { ApiError } from '../errors';
import { v4Handler } from '../http/handler';
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
  bookAppointment: v4Handler({
    auth: true,
    body: v4Routes.bookAppointment.body,
    status: 201,
    handle: ({ auth, body, locale, ip }) => bookAppointment(auth, body, locale, new Date(), ip),
  }),
  // GET /v4/appointments?tab&page&pageSize
  listAppointments: v4Handler({
    auth: true,
    handle: ({ auth, request, locale }) => listAppointments(auth, parseQuery(request, appointmentListQuerySchema), locale),
  }),
  // GET /v4/appointments/{id}
  getAppointment: v4Handler({ auth: true, handle: ({ auth, params, locale }) => getAppointment(auth, appointmentId(params), locale) }),
  // PUT /v4/appointments/{id}/cancel
  cancelAppointment: v4Handler({
    auth: true,
    handle: ({ auth, params, locale }) => cancelAppointment(auth, appointmentId(params), locale),
  }),
  // PUT /v4/appointments/{id}/reschedule
  rescheduleAppointment: v4Handler({
    auth: true,
    body: v4Routes.rescheduleAppointment.body,
    handle: ({ auth, params, body, locale }) => rescheduleAppointment(auth, appointmentId(params), body, locale),
  }),
  // GET /v4/appointments/{id}/calendar - the .ics file
  appointmentCalendar: v4Handler({
    auth: true,
    handle: async ({ auth, params }) => {
      const ics = await appointmentCalendar(auth, appointmentId(params));
      return new Response(ics, {
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': 'attachment; filename="appointment.ics"',
          'cache-control': 'private, no-store',
        },
      });
    },
  }),
  // GET /v4/office/appointments?from&to - office-facing (x-office-key)
  officeAppointments: v4Handler({
    handle: ({ request, locale, ip }) => officeAppointments(officeCaller(request, ip), parseQuery(request, officeAppointmentsQuerySchema), locale),
  }),
  // PUT /v4/office/appointments/{id}/status - office-facing (x-office-key)
  officeSetStatus: v4Handler({
    body: v4Routes.officeSetStatus.body,
    handle: ({ request, params, body, locale, ip }) => setStatusByOffice(officeCaller(request, ip), appointmentId(params), body, locale),
  }),
};

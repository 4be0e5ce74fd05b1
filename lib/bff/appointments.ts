import 'server-only';
import { currentToken } from './session';
import { callV4, type V4Result } from './v4-client';
import type { Appointment, AppointmentListQueryInput, AppointmentPage } from '../contracts/appointments';
import type { Locale } from '../i18n/languages';

/*
 * The patient's appointments for server components (STYLE.md habit 6): the same /v4 calls the
 * /api/appointments routes make, without HTTP to ourselves. `undefined` means nobody is logged
 * in (the page redirects to login); a 401 result means the /v4 session is gone (the page sends
 * the browser to /api/session/expired, as lib/bff/user.ts explains).
 */

/** GET /v4/appointments?tab&page&pageSize - one page of one tab. */
export async function listAppointments(
  query: AppointmentListQueryInput,
  locale: Locale,
): Promise<V4Result<AppointmentPage> | undefined> {
  const token = await currentToken();
  if (!token) return undefined;
  return callV4<AppointmentPage>('listAppointments', {
    locale,
    token,
    query: { tab: query.tab, page: query.page, pageSize: query.pageSize },
  });
}

/** GET /v4/appointments/{id} - another patient's id or a malformed one answers 404. */
export async function getAppointment(id: string, locale: Locale): Promise<V4Result<Appointment> | undefined> {
  const token = await currentToken();
  if (!token) return undefined;
  return callV4<Appointment>('getAppointment', { locale, token, params: { id } });
}

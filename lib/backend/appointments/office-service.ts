import 'server-only';
import { parseIsoDate } from '../../contracts/validation';
import { afterCommit, inTransaction } from '../../db/transaction';
import { sha256 } from '../../security/password';
import { takeOfficeKeyAttempt } from '../throttle/throttle-service';
import { ApiError } from '../errors';
import { sendFeedbackRequests } from '../reviews/feedback-service';
import { markCanceled } from './appointments-service';
import { queueAppointmentEmail } from './appointment-emails';
import {
  findAppointment,
  findOfficeAppointment,
  findOfficeIdByKeyHash,
  insertAppointmentEvent,
  listOfficeAppointments,
  lockAppointment,
  officeOfAppointment,
  updateAppointment,
  type OfficeAppointmentRow,
} from './appointments-repository';
import type { Locale } from '../../i18n/languages';
import type { AppointmentStatus, OfficeAppointment, OfficeStatusRequest } from '../../contracts/appointments';

/*
 * The office-facing side: a practice-management system syncs the day's
 * appointments and makes the office's moves, authenticated by a per-office API key.
 *
 * Status transitions (README "Appointment statuses"; anything else answers 409):
 *   scheduled -> confirmed              office, before the start
 *   scheduled|confirmed -> completed    office (check-in), from 30 minutes before the start
 *   scheduled|confirmed -> noShow       office after the start; system (job) after the end plus grace
 *   scheduled|confirmed -> canceled     patient or office, before the start (office: always refunded)
 *   noShow -> canceled                  system (job), a day later, no refund
 * Asking for the status an appointment already has changes nothing and answers it.
 */

const CHECK_IN_OPENS_MS = 30 * 60_000;
const MAX_RANGE_DAYS = 31;
const DAY_MS = 86_400_000;

/** Who calls the office-facing API: the key it sent, and the address it came from. */
export interface OfficeCaller {
  key: string;
  ip: string;
}

/** Wrong keys are throttled per address before the lookup, so keys cannot be guessed at speed. */
export async function authenticateOffice({ key, ip }: OfficeCaller): Promise<number> {
  const attempt = await takeOfficeKeyAttempt(ip);
  const officeId = await findOfficeIdByKeyHash(sha256(key));
  if (officeId === undefined) throw new ApiError('notAuthorized', 'api.invalidOfficeKey');
  await attempt.succeeded();
  return officeId;
}

function toOfficeDto(row: OfficeAppointmentRow, locale: Locale): OfficeAppointment {
  return {
    id: row.id,
    providerId: row.provider_id,
    start: new Date(row.starts_at).toISOString(),
    end: new Date(row.ends_at).toISOString(),
    status: row.status,
    visitType: row.visit_type,
    visitReason: locale === 'es' ? row.reason_es : row.reason_en,
    patientName: `${row.patient_first_name} ${row.patient_last_name}`,
    patientType: row.patient_type,
    notes: row.notes,
  };
}

// GET /v4/office/appointments?from&to
export async function officeAppointments(
  caller: OfficeCaller,
  query: { from: string; to: string },
  locale: Locale,
): Promise<OfficeAppointment[]> {
  const officeId = await authenticateOffice(caller);
  const from = parseIsoDate(query.from);
  const to = parseIsoDate(query.to);
  if (!from || !to || to < from || to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw new ApiError('badRequest', 'api.badRequest', {
      fields: [{ path: 'to', message: 'validation.dateRangeInvalid' }],
    });
  }
  // Office-local dates: a day either side covers every zone; the office filters by its own day.
  const rows = await listOfficeAppointments(
    officeId,
    new Date(from.getTime() - DAY_MS),
    new Date(to.getTime() + 2 * DAY_MS),
  );
  return rows.map((row) => toOfficeDto(row, locale));
}

/** Whether the office may move an appointment from `from` to `to` at `now`. */
export function officeMoveAllowed(
  from: AppointmentStatus,
  to: OfficeStatusRequest['status'],
  start: Date,
  now: Date,
): boolean {
  const live = from === 'scheduled' || from === 'confirmed';
  switch (to) {
    case 'confirmed':
      return from === 'scheduled' && now < start;
    case 'completed':
      return live && now.getTime() >= start.getTime() - CHECK_IN_OPENS_MS;
    case 'noShow':
      return live && now >= start;
    case 'canceled':
      return live && now < start;
  }
}

/**
 * The office's move of an appointment to a status other than canceled, and its event, inside the
 * caller's transaction. Whether the move is allowed is the caller's to check: setStatusByOffice
 * by officeMoveAllowed, the demo seed by booking the visit it backdates as completed.
 */
export async function recordOfficeStatus(id: string, from: AppointmentStatus, to: AppointmentStatus): Promise<void> {
  await updateAppointment(id, { status: to });
  await insertAppointmentEvent({ appointmentId: id, fromStatus: from, toStatus: to, actor: 'office' });
}

// PUT /v4/office/appointments/{id}/status
export async function setStatusByOffice(
  caller: OfficeCaller,
  id: string,
  body: OfficeStatusRequest,
  locale: Locale,
  now: Date = new Date(),
): Promise<OfficeAppointment> {
  const officeId = await authenticateOffice(caller);
  // Another office's appointment is as unknown as a missing one.
  if ((await officeOfAppointment(id)) !== officeId) throw new ApiError('notFound');
  const refund = await inTransaction(async () => {
    const state = (await lockAppointment(id))!;
    if (state.status === body.status) return undefined;
    if (!officeMoveAllowed(state.status, body.status, state.starts_at, now)) throw new ApiError('invalidTransition');
    if (body.status === 'canceled') {
      const due = await markCanceled(state, 'office', 'office', now);
      await queueAppointmentEmail('canceled', (await findAppointment(id))!);
      return due;
    }
    await recordOfficeStatus(id, state.status, body.status);
    // The feedback email goes out as the visit is completed, not at the feedback job's next
    // minute; the job stays the sweep for whatever this misses (its claim sends each visit once).
    if (body.status === 'completed') afterCommit(() => sendFeedbackRequests());
    return undefined;
  });
  if (refund) await refund();
  return toOfficeDto((await findOfficeAppointment(officeId, id))!, locale);
}

import 'server-only';
import { serverEnv } from '../../config/server-env';
import { timeZoneLabel } from '../../display/time-zone-label';
import type { Locale } from '../../i18n/languages';
import { translate } from '../../i18n/translate';
import { appointmentIcs } from '../calendar/ics';
import { queueEmail } from '../mail/outbox-service';
import { doctorName } from '../search/discovery-dto';
import type { AppointmentRow } from './appointments-repository';

export type AppointmentEmailKind = 'booked' | 'rescheduled' | 'canceled' | 'reminder';

function appointmentLink(row: AppointmentRow): string {
  const prefix = row.language === 'es' ? '/es' : '';
  return `${serverEnv().publicUrl}${prefix}/appointment-details/${row.id}`;
}

/**
 * Built Intl formatters by locale and zone: building one costs a quarter of a millisecond (ICU
 * data), using it microseconds, and every appointment email asks for three.
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cachedFormat<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = build();
    if (formats.size >= 1_000) formats.clear();
    formats.set(key, format);
  }
  return format;
}

function formatMoney(cents: number, locale: Locale): string {
  const intl = locale === 'es' ? 'es-US' : 'en-US';
  return cachedFormat(`money|${intl}`, () => new Intl.NumberFormat(intl, { style: 'currency', currency: 'USD' })).format(cents / 100);
}

function formatDate(start: Date, intl: string, timeZone: string): string {
  return cachedFormat(
    `date|${intl}|${timeZone}`,
    () => new Intl.DateTimeFormat(intl, { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
  ).format(start);
}

function formatTime(start: Date, intl: string, timeZone: string): string {
  return cachedFormat(`time|${intl}|${timeZone}`, () => new Intl.DateTimeFormat(intl, { timeZone, hour: 'numeric', minute: '2-digit' })).format(start);
}

/**
 * Emails about an appointment (issue 12), in the language the patient booked in, with an .ics
 * invitation whose UID stays the appointment's and whose SEQUENCE grows with each change, so a
 * calendar replaces the event on reschedule and removes it on cancel. Queued in the outbox
 * inside the caller's transaction: sent after commit, never for a change that rolled back.
 */
function emailValues(row: AppointmentRow) {
  const locale: Locale = row.language;
  const start = new Date(row.starts_at);
  const intl = locale === 'es' ? 'es-US' : 'en-US';
  return {
    name: row.account_first_name,
    patient: `${row.patient_first_name} ${row.patient_last_name}`,
    provider: doctorName(
      { first_name: row.provider_first_name, last_name: row.provider_last_name, gender: row.provider_gender },
      locale,
    ),
    office: row.office_name,
    address: [row.office_address_line, row.office_suite, `${row.office_city}, ${row.office_state} ${row.office_zip}`].filter(Boolean).join(', '),
    date: formatDate(start, intl, row.time_zone),
    time: formatTime(start, intl, row.time_zone),
    zone: timeZoneLabel(row.time_zone, locale),
    reason: locale === 'es' ? row.reason_name_es : row.reason_name_en,
    visitType: translate(locale, row.visit_type === 'virtual' ? 'emails.visitVirtual' : 'emails.visitInOffice'),
    link: appointmentLink(row),
    fee: formatMoney(row.fee_cents, locale),
    transactionId: row.transaction_id ?? '',
    refund: refundSentence(row, locale),
  };
}

/**
 * The appointment as an iCalendar event: its UID stays the appointment's and SEQUENCE grows
 * with each change of time, so a calendar replaces the event on reschedule and removes it on
 * cancel. Times are UTC instants, right in every zone and across daylight-saving changes.
 */
export function appointmentInvite(row: AppointmentRow, method: 'REQUEST' | 'CANCEL' = row.status === 'canceled' ? 'CANCEL' : 'REQUEST'): string {
  const values = emailValues(row);
  return appointmentIcs({
    uid: `${row.id}@dental-booking`,
    sequence: row.sequence + (method === 'CANCEL' ? 1 : 0),
    method,
    start: new Date(row.starts_at),
    end: new Date(row.ends_at),
    title: translate(row.language, 'emails.calendarTitle', values),
    description: `${values.reason}\n${values.link}`,
    location: row.visit_type === 'virtual' ? values.link : `${row.office_name}, ${values.address}`,
    url: values.link,
    organizer: { name: row.office_name, email: 'no-reply@dental-booking.local' },
    attendee: { name: values.patient, email: row.patient_email },
  });
}

/**
 * Emails about an appointment (issue 12), in the language the patient booked in, with the .ics
 * invitation attached. Queued in the outbox inside the caller's transaction: sent after
 * commit, never for a change that rolled back.
 */
export async function queueAppointmentEmail(kind: AppointmentEmailKind, row: AppointmentRow): Promise<void> {
  const locale: Locale = row.language;
  const values = emailValues(row);
  const payment = row.transaction_id && row.fee_cents > 0 ? `\n${translate(locale, 'emails.paid', values)}` : '';
  const subject = translate(locale, `emails.${kind}Subject`, values);
  const text = `${translate(locale, `emails.${kind}Body`, values)}${kind === 'canceled' ? '' : payment}\n\n${translate(locale, 'emails.footer', values)}`;
  const ics = appointmentInvite(row, kind === 'canceled' ? 'CANCEL' : 'REQUEST');
  await queueEmail({
    to: row.patient_email,
    subject,
    text,
    attachments: [{ filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8', content: Buffer.from(ics).toString('base64') }],
  });
}

function refundSentence(row: AppointmentRow, locale: Locale): string {
  switch (row.refund_status) {
    case 'refunded':
    case 'manual':
      // 'manual' at this point means owed: the refund runs right after the change commits.
      return translate(locale, 'emails.refundDue', { fee: formatMoney(row.refund_amount_cents ?? row.fee_cents, locale) });
    case 'notEligible':
      return translate(locale, 'emails.refundNotEligible');
    default:
      return '';
  }
}

import 'server-only';
import { serverEnv } from '../../config/server-env';
import { shellLinks } from '../../config/shell-links';
import { VIDEO_CALL_OPENS_MINUTES_BEFORE } from '../../contracts/appointments';
import { dateTimeFormat, numberFormat } from '../../display/intl-formats';
import { timeZoneLabel } from '../../display/time-zone-label';
import { translate } from '../../i18n/translate';
import { videoRooms } from '../adapters/video/video-adapter';
import { appointmentIcs } from '../calendar/ics';
import { queueEmail } from '../outbox/outbox-service';
import { doctorName } from '../providers/provider-name';
import type { MessageKey } from '../../i18n/message-keys';
import type { Locale } from '../../i18n/languages';
import type { AppointmentRow } from './appointments-repository';

export type AppointmentEmailKind = 'booked' | 'rescheduled' | 'canceled' | 'reminder';

function appointmentLink(row: AppointmentRow): string {
  const prefix = row.language === 'es' ? '/es' : '';
  return `${serverEnv().publicUrl}${prefix}/appointment-details/${row.id}`;
}

function formatMoney(cents: number, locale: Locale): string {
  const intl = locale === 'es' ? 'es-US' : 'en-US';
  return numberFormat(intl, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

function formatDate(start: Date, intl: string, timeZone: string): string {
  return dateTimeFormat(intl, { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    start,
  );
}

function formatTime(start: Date, intl: string, timeZone: string): string {
  return dateTimeFormat(intl, { timeZone, hour: 'numeric', minute: '2-digit' }).format(start);
}

/** The values the appointment emails' messages take. */
function emailValues(row: AppointmentRow, refundSettled = false) {
  const locale: Locale = row.language;
  const start = new Date(row.starts_at);
  const intl = locale === 'es' ? 'es-US' : 'en-US';
  const zone = timeZoneLabel(row.time_zone, locale);
  const address = [
    row.office_address_line,
    row.office_suite,
    `${row.office_city}, ${row.office_state} ${row.office_zip}`,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    name: row.account_first_name,
    patient: `${row.patient_first_name} ${row.patient_last_name}`,
    provider: doctorName(
      { first_name: row.provider_first_name, last_name: row.provider_last_name, gender: row.provider_gender },
      locale,
    ),
    office: row.office_name,
    address,
    place: placeSentence(row, locale, { address, zone, intl }),
    date: formatDate(start, intl, row.time_zone),
    time: formatTime(start, intl, row.time_zone),
    zone,
    reason: locale === 'es' ? row.reason_name_es : row.reason_name_en,
    visitType: translate(locale, row.visit_type === 'virtual' ? 'emails.visitVirtual' : 'emails.visitInOffice'),
    link: appointmentLink(row),
    fee: formatMoney(row.fee_cents, locale),
    transactionId: row.transaction_id ?? '',
    refund: refundSentence(row, locale, refundSettled),
  };
}

/**
 * Where the visit happens: the office's address for an in-office visit; for a teledental one
 * the video room and when it opens, as the appointment's page computes them (appointment-dto.ts),
 * since the patient goes nowhere.
 */
function placeSentence(
  row: AppointmentRow,
  locale: Locale,
  at: { address: string; zone: string; intl: string },
): string {
  if (row.visit_type !== 'virtual') return translate(locale, 'emails.whereOffice', { address: at.address });
  const opens = new Date(new Date(row.starts_at).getTime() - VIDEO_CALL_OPENS_MINUTES_BEFORE * 60_000);
  return translate(locale, 'emails.whereVideo', {
    videoLink: videoRooms().roomUrl(row.id),
    opensDate: formatDate(opens, at.intl, row.time_zone),
    opensTime: formatTime(opens, at.intl, row.time_zone),
    zone: at.zone,
  });
}

/**
 * The appointment as an iCalendar event: its UID stays the appointment's and SEQUENCE grows
 * with each change of time, so a calendar replaces the event on reschedule and removes it on
 * cancel. Times are UTC instants, right in every zone and across daylight-saving changes.
 */
export function appointmentInvite(
  row: AppointmentRow,
  method: 'REQUEST' | 'CANCEL' = row.status === 'canceled' ? 'CANCEL' : 'REQUEST',
): string {
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

/** What the attached file does to the event in the patient's calendar, said in the email. */
const CALENDAR_SENTENCE: Record<AppointmentEmailKind, MessageKey> = {
  booked: 'emails.calendarAdds',
  reminder: 'emails.calendarAdds',
  rescheduled: 'emails.calendarMoves',
  canceled: 'emails.calendarRemoves',
};

export interface AppointmentEmailOptions {
  /** The refund owed by this cancellation has been tried: its status is now its outcome. */
  refundSettled?: boolean;
}

/**
 * Emails about an appointment, in the language the patient booked in, with the .ics invitation
 * attached. Queued in the outbox inside the caller's transaction: sent after commit, never for
 * a change that rolled back.
 *
 * A cancellation that owes a refund is not told here but once the refund has been tried after
 * commit (refundCanceled passes refundSettled), so the email says what the appointment's page
 * says: refunded, or due with the support contacts when the card refused it.
 */
export async function queueAppointmentEmail(
  kind: AppointmentEmailKind,
  row: AppointmentRow,
  options: AppointmentEmailOptions = {},
): Promise<void> {
  if (kind === 'canceled' && row.refund_status === 'manual' && !options.refundSettled) return;
  const locale: Locale = row.language;
  const values = emailValues(row, options.refundSettled);
  const payment = row.transaction_id && row.fee_cents > 0 ? `\n${translate(locale, 'emails.paid', values)}` : '';
  const subject = translate(locale, `emails.${kind}Subject`, values);
  const text = [
    `${translate(locale, `emails.${kind}Body`, values)}${kind === 'canceled' ? '' : payment}`,
    translate(locale, CALENDAR_SENTENCE[kind]),
    translate(locale, 'emails.footer'),
  ].join('\n\n');
  const ics = appointmentInvite(row, kind === 'canceled' ? 'CANCEL' : 'REQUEST');
  await queueEmail({
    to: row.patient_email,
    subject,
    text,
    attachments: [
      {
        filename: 'appointment.ics',
        contentType: 'text/calendar; charset=utf-8',
        content: Buffer.from(ics).toString('base64'),
      },
    ],
  });
}

function refundSentence(row: AppointmentRow, locale: Locale, settled: boolean): string {
  const fee = formatMoney(row.refund_amount_cents ?? row.fee_cents, locale);
  switch (row.refund_status) {
    case 'refunded':
      return translate(locale, 'emails.refundDone', { fee });
    case 'manual': {
      // Owed and not yet tried is never mailed (queueAppointmentEmail waits for the outcome);
      // tried and still owed is what the page shows as "Due: please contact support".
      if (!settled) return '';
      const { support } = shellLinks();
      return translate(locale, 'emails.refundManual', {
        fee,
        supportEmail: support.email,
        supportPhone: support.phone,
      });
    }
    case 'notEligible':
      return translate(locale, 'emails.refundNotEligible');
    default:
      return '';
  }
}

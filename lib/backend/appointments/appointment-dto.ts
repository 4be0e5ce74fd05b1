import 'server-only';
import { REFUND_NOTICE_HOURS, VIDEO_CALL_OPENS_MINUTES_BEFORE, type Appointment } from '../../contracts/appointments';
import { directionsUrl } from '../../display/directions';
import { dateTimeFormat } from '../../display/intl-formats';
import { videoRooms } from '../adapters/video/video-adapter';
import { doctorName } from '../providers/provider-name';
import type { Locale } from '../../i18n/languages';
import type { Relationship } from '../../contracts/family';
import type { AppointmentRow } from './appointments-repository';

const HOUR_MS = 3_600_000;

const iso = (value: Date | string) => new Date(value).toISOString();

/** en-CA writes YYYY-MM-DD; h23 keeps midnight 00:00. */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM) of an instant in a zone. */
export function localDateTime(instant: Date, timeZone: string): { localDate: string; localTime: string } {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return { localDate: `${parts.year}-${parts.month}-${parts.day}`, localTime: `${parts.hour}:${parts.minute}` };
}

/** Live appointments can be canceled or moved until they start. */
export function isChangeable(status: string, start: Date, now: Date): boolean {
  return (status === 'scheduled' || status === 'confirmed') && start.getTime() > now.getTime();
}

/** SPEC.md section 4: a refund only when canceled at least 24 hours before the start. */
export function refundEligible(start: Date, now: Date): boolean {
  return start.getTime() - now.getTime() >= REFUND_NOTICE_HOURS * HOUR_MS;
}

export function toAppointmentDto(row: AppointmentRow, locale: Locale, now: Date = new Date()): Appointment {
  const start = new Date(row.starts_at);
  const end = new Date(row.ends_at);
  const changeable = isChangeable(row.status, start, now);
  const paid = row.transaction_id !== null && row.fee_cents > 0;
  const eligible = changeable && paid && refundEligible(start, now);
  const opensAt = new Date(start.getTime() - VIDEO_CALL_OPENS_MINUTES_BEFORE * 60_000);
  const callOpen = row.status !== 'canceled' && now >= opensAt && now < end;
  return {
    id: row.id,
    status: row.status,
    provider: {
      id: row.provider_id,
      displayName: doctorName(
        { first_name: row.provider_first_name, last_name: row.provider_last_name, gender: row.provider_gender },
        locale,
      ),
      firstName: row.provider_first_name,
      lastName: row.provider_last_name,
      title: row.provider_title,
      photoUrl: row.provider_photo_url,
    },
    office: {
      id: row.office_id,
      name: row.office_name,
      phone: row.office_phone,
      addressLine: row.office_address_line,
      suite: row.office_suite,
      city: row.office_city,
      state: row.office_state,
      zip: row.office_zip,
      countryCode: row.office_country_code,
      latitude: row.office_latitude,
      longitude: row.office_longitude,
    },
    start: start.toISOString(),
    end: end.toISOString(),
    timeZone: row.time_zone,
    ...localDateTime(start, row.time_zone),
    visitType: row.visit_type,
    visitReason: {
      id: row.reason_id,
      slug: row.reason_slug,
      name: locale === 'es' ? row.reason_name_es : row.reason_name_en,
    },
    patient: {
      kind: row.family_member_id ? 'familyMember' : 'self',
      id: row.family_member_id ?? row.patient_user_id,
      firstName: row.patient_first_name,
      lastName: row.patient_last_name,
      relationship: (row.relationship as Relationship | null) ?? null,
    },
    patientType: row.patient_type,
    notes: row.notes,
    images: row.images ?? [],
    insurance: row.carrier_name && row.plan_name ? { carrierName: row.carrier_name, planName: row.plan_name } : null,
    feeCents: row.fee_cents,
    payment:
      row.transaction_id && row.paid_at
        ? {
            transactionId: row.transaction_id,
            brand: row.card_brand ?? 'card',
            last4: row.card_last4 ?? '',
            paidAt: iso(row.paid_at),
          }
        : null,
    refund: row.refund_status
      ? {
          status: row.refund_status,
          amountCents: row.refund_amount_cents ?? 0,
          transactionId: row.refund_transaction_id,
        }
      : null,
    cancellation:
      row.canceled_at && row.canceled_by && row.cancel_reason
        ? { canceledAt: iso(row.canceled_at), by: row.canceled_by, reason: row.cancel_reason }
        : null,
    cancelPolicy: {
      cancelable: changeable,
      refundEligible: eligible,
      refundAmountCents: eligible ? row.fee_cents : 0,
      refundDeadline: new Date(start.getTime() - REFUND_NOTICE_HOURS * HOUR_MS).toISOString(),
    },
    reschedulable: changeable,
    videoCall:
      row.visit_type === 'virtual'
        ? {
            url: callOpen ? videoRooms().roomUrl(row.id) : null,
            opensAt: opensAt.toISOString(),
            closesAt: end.toISOString(),
          }
        : null,
    directionsUrl:
      row.visit_type === 'inOffice' ? directionsUrl({ lat: row.office_latitude, lng: row.office_longitude }) : null,
    rescheduledFromId: row.rescheduled_from_id,
    createdAt: iso(row.created_at),
  };
}

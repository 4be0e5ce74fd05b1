import type { Appointment } from '@/lib/contracts/appointments';
import { formatLocalDate, formatWallTime } from '@/components/provider/format';
import { timeZoneLabel } from '@/lib/display/time-zone-label';

/*
 * Dates and times of appointments, always in the office's time zone, whatever the
 * zone of the server or of the browser.
 */

const intlLocale = (locale: string) => (locale === 'es' ? 'es-US' : 'en-US');

/**
 * The zone's label next to a time: the spec's label where the zone has one ('EST - EASTERN
 * TIME ZONE', SPEC.md section 3), Intl's generic name otherwise (lib/display/time-zone-label.ts).
 * The spec's labels name the zone, not whether daylight saving is on, so one label fits every date.
 */
export function zoneLabel(timeZone: string, locale: string): string {
  return timeZoneLabel(timeZone, locale);
}

/** "Monday, November 30, 2026" from an office-local YYYY-MM-DD. */
export function longDate(localDate: string, locale: string): string {
  return formatLocalDate(localDate, locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/** An instant as the office-local date, time and zone label. */
export function instantParts(
  iso: string,
  timeZone: string,
  locale: string,
): { date: string; time: string; zone: string } {
  const at = new Date(iso);
  return {
    date: new Intl.DateTimeFormat(intlLocale(locale), {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone,
    }).format(at),
    time: new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone }).format(at),
    zone: zoneLabel(timeZone, locale),
  };
}

/** The appointment's start as the office-local date, time and zone label. */
export function appointmentWhen(
  appointment: Appointment,
  locale: string,
): { date: string; time: string; zone: string } {
  return {
    date: longDate(appointment.localDate, locale),
    time: formatWallTime(appointment.localTime, locale),
    zone: zoneLabel(appointment.timeZone, locale),
  };
}

/** "Ana Núñez" of the appointment's patient. */
export function patientName(appointment: Appointment): string {
  return `${appointment.patient.firstName} ${appointment.patient.lastName}`.trim();
}

export function addressLines(office: Appointment['office']): string[] {
  return [
    [office.addressLine, office.suite].filter(Boolean).join(', '),
    `${office.city}, ${office.state} ${office.zip}`,
  ];
}

/** A card brand as the gateway names it ("visa", "american-express") as people write it. */
export { brandName as cardBrandName } from '@/components/cards/card-brand';

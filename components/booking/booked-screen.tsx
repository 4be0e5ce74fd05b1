'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { Appointment } from '@/lib/contracts/appointments';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { formatFee } from '@/components/provider/format';
import { googleCalendarUrl, longDate, slotTime, zoneLabel } from './booking-format';

/**
 * The booked step: what was booked, when (the office's wall clock and zone), the
 * transaction id when a fee was paid, and where to go next: the appointment, the list, and the
 * calendar (.ics from the API, or Google Calendar).
 */
export function BookedScreen({ appointment }: { appointment: Appointment }) {
  const t = useTranslations('booking.booked');
  const tv = useTranslations('booking.visitType');
  const locale = useLocale();
  const zone = zoneLabel(appointment.timeZone, locale);
  const when = t('when', {
    date: longDate(appointment.localDate, locale),
    time: slotTime(appointment.start, appointment.timeZone, locale),
    zone,
  });
  const office = appointment.office;
  const location =
    appointment.visitType === 'virtual'
      ? tv('virtual')
      : [office.name, office.addressLine, office.suite, `${office.city}, ${office.state} ${office.zip}`]
          .filter(Boolean)
          .join(', ');
  const google = googleCalendarUrl({
    title: t('calendarTitle', { provider: appointment.provider.displayName }),
    start: new Date(appointment.start),
    end: new Date(appointment.end),
    details: `${appointment.visitReason.name} - ${appointment.visitType === 'virtual' ? tv('virtual') : tv('inOffice')}`,
    location,
  });

  return (
    <div className="space-y-6">
      <div className="flex items-start gap-3 rounded-xl bg-green-50 p-4 ring-1 ring-green-200">
        <CheckCircleIcon className="mt-0.5 size-6 shrink-0 text-green-800" />
        <p className="text-slate-900">{t('intro', { provider: appointment.provider.displayName })}</p>
      </div>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        <Row term={t('dateTime')} value={when} />
        <Row term={t('provider')} value={appointment.provider.displayName} />
        <Row term={t('office')} value={office.name} />
        <Row term={t('visitType')} value={appointment.visitType === 'virtual' ? tv('virtual') : tv('inOffice')} />
        <Row term={t('patient')} value={`${appointment.patient.firstName} ${appointment.patient.lastName}`} />
        <Row term={t('reason')} value={appointment.visitReason.name} />
        {appointment.payment ? (
          <>
            <Row term={t('paid')} value={formatFee(appointment.feeCents, locale)} />
            <Row term={t('transactionId')} value={appointment.payment.transactionId} />
          </>
        ) : null}
      </dl>
      {appointment.payment ? <p className="text-sm text-slate-700">{t('keepTransactionId')}</p> : null}
      <div className="flex flex-wrap gap-3">
        <Link href={`/appointment-details/${appointment.id}`} className={buttonClass('primary')}>
          {t('viewAppointment')}
        </Link>
        <Link href="/all-appointments" className={buttonClass('secondary')}>
          {t('myAppointments')}
        </Link>
      </div>
      <div>
        <h3 className="text-lg font-semibold text-slate-900">{t('addToCalendar')}</h3>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <a
              href={`/api/appointments/${appointment.id}/calendar`}
              download={`appointment-${appointment.localDate}.ics`}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
            >
              {t('downloadIcs')}
            </a>
          </li>
          <li>
            <a
              href={google}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
            >
              {t('googleCalendar')} <span className="sr-only">{t('opensInNewTab')}</span>
            </a>
          </li>
        </ul>
      </div>
    </div>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
      <dt className="font-semibold text-slate-900">{term}</dt>
      <dd className="break-words text-slate-800">{value}</dd>
    </div>
  );
}

import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Appointment } from '@/lib/contracts/appointments';
import { Link } from '@/lib/i18n/navigation';
import { Avatar } from '@/components/ui/avatar';
import { appointmentWhen } from './format';
import { patientLabel } from './patient-label';
import { StatusBadge } from './status-badge';

export const appointmentPath = (id: string) => `/appointment-details/${id}`;

/** One appointment in /all-appointments: who, where, when (office time and zone), what, for whom, status. */
export function AppointmentCard({ appointment }: { appointment: Appointment }) {
  const t = useTranslations('appointments');
  const locale = useLocale();
  const headingId = useId();
  const when = appointmentWhen(appointment, locale);
  const { provider, office } = appointment;
  const item = (label: string, value: string) => (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start gap-4">
        <Avatar
          name={{ firstName: provider.firstName, lastName: provider.lastName }}
          src={provider.photoUrl}
          size={56}
        />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {provider.displayName}
          </h3>
          <p className="text-slate-700">{office.name}</p>
        </div>
        <StatusBadge status={appointment.status} />
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        {item(t('card.when'), `${t('dateTime', { date: when.date, time: when.time })} (${when.zone})`)}
        {item(t('card.visitType'), t(`visitType.${appointment.visitType}`))}
        {item(t('card.reason'), appointment.visitReason.name)}
        {item(t('card.patient'), patientLabel(appointment, t))}
      </dl>
      <div className="mt-4">
        <Link
          href={appointmentPath(appointment.id)}
          aria-label={t('card.viewDetailsLabel', { name: provider.displayName, date: `${when.date}, ${when.time}` })}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          {t('card.viewDetails')}
        </Link>
      </div>
    </article>
  );
}

'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { AppointmentTab } from '@/lib/contracts/appointments';
import { useAppointments } from '@/lib/api-client/appointments';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';
import { CalendarIcon } from '@/components/ui/icons';
import { PageLinks } from '@/components/ui/page-links';
import { AppointmentCard } from './appointment-card';

/**
 * One page of one tab. The server renders it from the hydrated query (no loading state on
 * arrival); after a cancel or reschedule anywhere in the tab, the query is invalidated and the
 * list follows without a reload.
 */
export function AppointmentList({ tab, page, searchHref }: { tab: AppointmentTab; page: number; searchHref: string }) {
  const t = useTranslations('appointments');
  const locale = useLocale();
  const query = useAppointments({ locale, tab, page });
  const data = query.data;
  const headingId = `appointments-${tab}`;

  if (!data) {
    return query.isError ? (
      <div role="alert" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="text-slate-800">{t('loadFailed')}</p>
        <button type="button" onClick={() => void query.refetch()} className={buttonClass('secondary', 'mt-4')}>
          {t('retry')}
        </button>
      </div>
    ) : null;
  }

  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t(`tabHeading.${tab}`)}{' '}
        <span className="font-normal text-slate-600">({t('count', { count: data.total })})</span>
      </h2>
      {data.total === 0 ? (
        <div className="mt-4 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <CalendarIcon className="mx-auto size-10 text-brand-700" />
          <p className="mt-3 text-lg font-semibold text-slate-900">{t(`empty.${tab}.title`)}</p>
          <p className="mt-1 text-slate-700">{t(`empty.${tab}.body`)}</p>
          <Link href={searchHref} className={buttonClass('primary', 'mt-5')}>
            {t('emptyCta')}
          </Link>
        </div>
      ) : data.items.length === 0 ? (
        <p className="mt-4 text-slate-700">
          {t('pageEmpty')}{' '}
          <Link
            href={{ pathname: '/all-appointments', query: { tab } }}
            className="font-semibold text-brand-800 underline"
          >
            {t('firstPage')}
          </Link>
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {data.items.map((appointment) => (
            <li key={appointment.id}>
              <AppointmentCard appointment={appointment} />
            </li>
          ))}
        </ul>
      )}
      <Pages tab={tab} current={page} count={pages} />
    </section>
  );
}

/** Page links in the URL (`?page=`), as the search listing's: reload and back keep the page. */
function Pages({ tab, current, count }: { tab: AppointmentTab; current: number; count: number }) {
  const t = useTranslations('appointments.pagination');
  return (
    <PageLinks
      current={current}
      count={count}
      href={(page) => ({ pathname: '/all-appointments', query: page > 1 ? { tab, page: String(page) } : { tab } })}
      labels={{ nav: t('label'), previous: t('previous'), next: t('next'), page: (page) => t('page', { page }) }}
    />
  );
}

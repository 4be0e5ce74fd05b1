'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { AppointmentTab } from '@/lib/contracts/appointments';
import { useAppointments } from '@/lib/api-client/appointments';
import { Link } from '@/lib/i18n/navigation';
import { buttonClass } from '@/components/ui/button';
import { CalendarIcon } from '@/components/ui/icons';
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
        {t(`tabHeading.${tab}`)} <span className="font-normal text-slate-600">({t('count', { count: data.total })})</span>
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
          <Link href={{ pathname: '/all-appointments', query: { tab } }} className="font-semibold text-brand-800 underline">
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

/** First, last and two either side of the current page, with gaps ("1 … 4 5 6 7 8 … 30"). */
function pageWindow(current: number, count: number): (number | null)[] {
  const pages = new Set([1, count]);
  for (let p = current - 2; p <= current + 2; p += 1) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? [null, p] : [p]));
}

/** Page links in the URL (`?page=`), as the search listing's: reload and back keep the page. */
function Pages({ tab, current, count }: { tab: AppointmentTab; current: number; count: number }) {
  const t = useTranslations('appointments.pagination');
  if (count <= 1) return null;
  const href = (page: number) => ({
    pathname: '/all-appointments',
    query: page > 1 ? { tab, page: String(page) } : { tab },
  });
  const linkClass =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50';
  return (
    <nav aria-label={t('label')} className="mt-6">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {current > 1 ? (
          <li>
            <Link href={href(Math.min(current, count + 1) - 1)} rel="prev" className={linkClass}>
              {t('previous')}
            </Link>
          </li>
        ) : null}
        {pageWindow(Math.min(current, count), count).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                href={href(page)}
                aria-label={t('page', { page })}
                aria-current={page === current ? 'page' : undefined}
                className={`${linkClass} ${page === current ? 'bg-brand-700 text-white hover:bg-brand-800' : ''}`}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        {current < count ? (
          <li>
            <Link href={href(current + 1)} rel="next" className={linkClass}>
              {t('next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

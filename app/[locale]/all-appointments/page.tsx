import { HydrationBoundary, QueryClient, dehydrate } from '@tanstack/react-query';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { appointmentTabSchema, type AppointmentTab } from '@/lib/contracts/appointments';
import { listAppointments } from '@/lib/bff/appointments';
import { queryKeys } from '@/lib/api-client/query-keys';
import { firstParam, pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryProvider } from '@/components/providers/query-provider';
import { LoadFailed } from '@/components/ui/load-failed';
import { listingHref } from '@/components/search/listing-href';
import { AppointmentTabs } from '@/components/appointments/appointment-tabs';
import { AppointmentList } from '@/components/appointments/appointment-list';
import { requireSession } from '@/lib/bff/session-expired';
import type { Metadata } from 'next';

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const locale = pageLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'appointments' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/** The tab and page of the URL; anything else falls back to upcoming, page 1 (never an error page). */
function listPosition(query: Record<string, string | string[] | undefined>): { tab: AppointmentTab; page: number } {
  const tab = appointmentTabSchema.safeParse(firstParam(query.tab));
  const page = Number(firstParam(query.page));
  return {
    tab: tab.success ? tab.data : 'upcoming',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/**
 * /all-appointments (SPEC.md section 2, protected): the patient's appointments under the tabs
 * upcoming, past and canceled, paged, rendered on the server from GET /v4/appointments and
 * hydrated under the client hook's key, so a cancel or reschedule refreshes it in place.
 */
export default async function AllAppointmentsPage({ params, searchParams }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const { tab, page } = listPosition(await searchParams);
  const result = requireSession(
    await listAppointments({ tab, page: String(page) }, locale),
    locale,
    '/all-appointments',
    await searchParams,
  );
  const t = await getTranslations('appointments');

  const queryClient = new QueryClient();
  if (result.ok) queryClient.setQueryData(queryKeys.appointmentList(locale, tab, page), result.data);

  return (
    <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-2 text-slate-700">{t('intro')}</p>
      <AppointmentTabs current={tab} />
      {result.ok ? (
        <ClientMessages namespaces={['appointments']}>
          <QueryProvider>
            <HydrationBoundary state={dehydrate(queryClient)}>
              <AppointmentList tab={tab} page={page} searchHref={listingHref({ kind: 'providers' })} />
            </HydrationBoundary>
          </QueryProvider>
        </ClientMessages>
      ) : (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} />
      )}
    </main>
  );
}

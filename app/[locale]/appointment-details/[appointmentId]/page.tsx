import { notFound } from 'next/navigation';
import { HydrationBoundary, QueryClient, dehydrate } from '@tanstack/react-query';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getAppointment } from '@/lib/bff/appointments';
import { queryKeys } from '@/lib/api-client/query-keys';
import { pageLocale } from '@/lib/i18n/page-props';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryProvider } from '@/components/providers/query-provider';
import { AppointmentLoadFailed } from '@/components/appointments/appointment-load-failed';
import { AppointmentDetails } from '@/components/appointments/appointment-details';
import { requireSession } from '@/lib/bff/session-expired';
import type { Metadata } from 'next';

type Props = { params: Promise<{ locale: string; appointmentId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = pageLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'appointments' });
  return { title: t('details.metaTitle'), robots: { index: false } };
}

/**
 * /appointment-details/{appointmentId} (SPEC.md section 2, protected). Another patient's id, an
 * unknown one or a malformed one is the 404 page, the same answer for each (/v4 answers 404 and
 * reveals nothing), never data.
 */
export default async function AppointmentDetailsPage({ params }: Props) {
  const { locale: raw, appointmentId } = await params;
  const locale = pageLocale(raw);
  setRequestLocale(locale);
  const result = requireSession(
    await getAppointment(appointmentId, locale),
    locale,
    `/appointment-details/${encodeURIComponent(appointmentId)}`,
  );
  if (!result.ok && (result.status === 404 || result.status === 400)) notFound();
  const t = await getTranslations('appointments');

  if (!result.ok) {
    return (
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
        <AppointmentLoadFailed title={t('details.title')} />
      </main>
    );
  }

  const queryClient = new QueryClient();
  // The page's id as given and the canonical one may differ in case: cache under what the client asks for.
  queryClient.setQueryData(queryKeys.appointment(locale, appointmentId), result.data);
  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
      <ClientMessages namespaces={['appointments']}>
        <QueryProvider>
          <HydrationBoundary state={dehydrate(queryClient)}>
            <AppointmentDetails id={appointmentId} />
          </HydrationBoundary>
        </QueryProvider>
      </ClientMessages>
    </main>
  );
}

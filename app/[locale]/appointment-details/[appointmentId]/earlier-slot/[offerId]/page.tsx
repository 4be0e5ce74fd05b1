import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getWaitlistOffer } from '@/lib/bff/waitlist';
import { pageLocale } from '@/lib/i18n/page-props';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryProvider } from '@/components/providers/query-provider';
import { AppointmentLoadFailed } from '@/components/appointments/appointment-load-failed';
import { EarlierSlotOffer } from '@/components/appointments/earlier-slot-offer';
import { requireSession } from '@/lib/bff/session-expired';
import type { Metadata } from 'next';

type Props = { params: Promise<{ locale: string; appointmentId: string; offerId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = pageLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'appointments' });
  return { title: t('earlierSlot.metaTitle'), robots: { index: false } };
}

/**
 * /appointment-details/{appointmentId}/earlier-slot/{offerId}: the page an earlier-slot email
 * links to. Under /appointment-details, so a logged-out visitor is sent to log in
 * and comes back here (the middleware saves the path). Someone else's offer, an unknown one or
 * one of another appointment is the 404 page, revealing nothing.
 */
export default async function EarlierSlotPage({ params }: Props) {
  const { locale: raw, appointmentId, offerId } = await params;
  const locale = pageLocale(raw);
  setRequestLocale(locale);
  const result = requireSession(
    await getWaitlistOffer(offerId, locale),
    locale,
    `/appointment-details/${encodeURIComponent(appointmentId)}/earlier-slot/${encodeURIComponent(offerId)}`,
  );
  if (!result.ok && (result.status === 404 || result.status === 400)) notFound();
  if (result.ok && result.data.appointment.id.toLowerCase() !== appointmentId.toLowerCase()) notFound();
  const t = await getTranslations('appointments');

  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
      {result.ok ? (
        <ClientMessages namespaces={['appointments']}>
          <QueryProvider>
            <EarlierSlotOffer offer={result.data} />
          </QueryProvider>
        </ClientMessages>
      ) : (
        <AppointmentLoadFailed title={t('earlierSlot.title')} />
      )}
    </main>
  );
}

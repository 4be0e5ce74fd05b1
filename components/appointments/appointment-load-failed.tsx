import { getTranslations } from 'next-intl/server';
import { LoadFailed } from '@/components/ui/load-failed';
import { BackToAppointments } from './back-to-appointments';

/**
 * What an appointment page shows when the appointment could not be loaded (not a 404): the
 * page's title, the failure with a retry, and the way back to the list. Shared by the details
 * page and the earlier-slot offer page.
 */
export async function AppointmentLoadFailed({ title }: { title: string }) {
  const t = await getTranslations('appointments');
  return (
    <>
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{title}</h1>
      <LoadFailed message={t('detailsFailed')} retryLabel={t('retry')} />
      <BackToAppointments label={t('details.back')} />
    </>
  );
}

import { getTranslations } from 'next-intl/server';
import { RetryButton } from '@/components/search/retry-button';
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
      <div role="alert" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="text-slate-800">{t('detailsFailed')}</p>
        <div className="mt-4">
          <RetryButton label={t('retry')} />
        </div>
      </div>
      <BackToAppointments label={t('details.back')} />
    </>
  );
}

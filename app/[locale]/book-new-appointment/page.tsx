import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getProviderDetail } from '@/lib/bff/discovery';
import { paymentClientConfig } from '@/lib/bff/payment-config';
import { appointmentIdSchema } from '@/lib/contracts/appointments';
import { parseEntityId } from '@/lib/contracts/discovery';
import { FAMILY_MEMBER_FIELD_MESSAGES, FORM_NAMESPACES } from '@/lib/i18n/client-messages';
import { Link } from '@/lib/i18n/navigation';
import { firstParam, pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { BookingFlow } from '@/components/booking/booking-flow';
import type { BookingProvider } from '@/components/booking/booking-types';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryProvider } from '@/components/providers/query-provider';
import { formatFee } from '@/components/provider/format';
import { Avatar } from '@/components/ui/avatar';
import { buttonClass } from '@/components/ui/button';
import { parseSlotInstant } from '@/components/slots/slot-selection';
import { requireUser } from '@/lib/bff/session-expired';
import type { Metadata } from 'next';

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const locale = pageLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'booking' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * /book-new-appointment?provider&office&slot[&reason][&rescheduleOf][&step] (SPEC.md section 2,
 * protected). `reason` is a visit reason's slug the patient already named (the chat assistant's
 * slot links carry it); `step` is the booking step (components/booking/use-booking-url.ts). The page checks the session itself (STYLE.md habit 5): the middleware has already saved
 * this address, query included, as the post-login redirect, so a visitor who picked a slot comes
 * back to it after logging in. The provider and their offices are read on the server; slots,
 * family, cards and the lists load in the browser (live data).
 */
export default async function BookNewAppointmentPage({ params, searchParams }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const user = await requireUser(locale, '/book-new-appointment', await searchParams);
  const query = await searchParams;
  const t = await getTranslations('booking');
  const providerId = parseEntityId(firstParam(query.provider));
  const result = providerId ? await getProviderDetail(String(providerId), locale) : undefined;

  if (!result?.ok || result.data.offices.length === 0) {
    return (
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-800">
            {!providerId
              ? t('noProvider')
              : result?.ok
                ? t('noOffice')
                : result?.status === 404
                  ? t('providerGone')
                  : t('loadFailed')}
          </p>
          <Link href="/search-listing" className={buttonClass('primary', 'mt-4')}>
            {t('findDentist')}
          </Link>
        </div>
      </main>
    );
  }

  const detail = result.data;
  const provider: BookingProvider = {
    id: detail.id,
    displayName: detail.displayName,
    title: detail.title,
    photoUrl: detail.photoUrl,
    specialty: detail.specialties[0]?.name ?? null,
    teledentalFeeCents: detail.teledentalFeeCents,
    offices: detail.offices.map((o) => ({
      id: o.id,
      name: o.name,
      timeZone: o.timeZone,
      addressLine: o.addressLine,
      suite: o.suite,
      city: o.city,
      state: o.state,
      zip: o.zip,
      acceptsNewPatients: o.acceptsNewPatients,
      teledentalAvailable: o.teledentalAvailable,
    })),
  };
  const requestedOffice = parseEntityId(firstParam(query.office));
  const office = provider.offices.find((o) => o.id === requestedOffice) ?? provider.offices[0]!;
  const slot = parseSlotInstant(firstParam(query.slot));
  const reschedule = appointmentIdSchema.safeParse(firstParam(query.rescheduleOf));
  const reasonSlug = firstParam(query.reason);
  const reason = reasonSlug ? detail.visitReasons.find((r) => r.slug === reasonSlug) : undefined;

  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
      <div className="mt-4 flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <Avatar name={{ firstName: detail.firstName, lastName: detail.lastName }} src={detail.photoUrl} size={56} />
        <div>
          <p className="font-semibold text-slate-900">
            <Link href={`/provider-details/${detail.id}`} className="underline-offset-2 hover:underline">
              {detail.displayName}, {detail.title}
            </Link>
          </p>
          {provider.specialty ? <p className="text-sm text-slate-700">{provider.specialty}</p> : null}
          {detail.teledentalAvailable ? (
            <p className="text-sm text-slate-700">
              {t('teledentalFee', { fee: formatFee(detail.teledentalFeeCents, locale) })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-6">
        <ClientMessages namespaces={['booking', 'slots', ...FAMILY_MEMBER_FIELD_MESSAGES, ...FORM_NAMESPACES]}>
          <QueryProvider>
            <BookingFlow
              provider={provider}
              user={{ firstName: user.firstName, lastName: user.lastName }}
              initialOfficeId={office.id}
              initialSlot={slot}
              initialReasonId={reason?.id}
              inNetworkPlanIds={detail.insurance.flatMap((group) => group.plans.map((plan) => plan.id))}
              rescheduleOf={reschedule.success ? reschedule.data : undefined}
              paymentConfig={paymentClientConfig()}
            />
          </QueryProvider>
        </ClientMessages>
      </div>
    </main>
  );
}

import { HydrationBoundary, QueryClient, dehydrate } from '@tanstack/react-query';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { currentToken } from '@/lib/bff/session';
import { callV4 } from '@/lib/bff/v4-client';
import { paymentClientConfig } from '@/lib/bff/payment-config';
import type { Country } from '@/lib/contracts/countries';
import type { FamilyMember } from '@/lib/contracts/family';
import type { SavedCard } from '@/lib/contracts/cards';
import { queryKeys } from '@/lib/api-client/query-keys';
import { firstParam, pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { AccountNav } from '@/components/account/account-nav';
import { accountTabFromQuery } from '@/components/account/account-tabs';
import { ProfilePanel } from '@/components/account/profile-panel';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { FamilyPanel } from '@/components/account/family-panel';
import { SupportPanel } from '@/components/account/support-panel';
import { DeleteAccountSection } from '@/components/account/delete-account-section';
import { SavedCardsSection } from '@/components/cards/saved-cards-section';
import { PhotoSection } from '@/components/account/photo-section';
import { InsurancePanel } from '@/components/account/insurance-panel';
import { MyReviewsPanel } from '@/components/reviews/my-reviews-panel';
import { insuranceQueryKey } from '@/lib/api-client/insurance';
import { myReviewsQueryKey } from '@/lib/api-client/reviews';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryProvider } from '@/components/providers/query-provider';
import { FORM_NAMESPACES } from '@/lib/i18n/client-messages';
import { requireUser } from '@/lib/bff/session-expired';
import type { Metadata } from 'next';

export async function generateMetadata({ params, searchParams }: LocalePageProps): Promise<Metadata> {
  const { locale } = await params;
  const tab = accountTabFromQuery(firstParam((await searchParams).tab));
  const t = await getTranslations({ locale: pageLocale(locale), namespace: 'account' });
  return { title: `${t(`tabs.${tab.label}`)} - ${t('title')}`, robots: { index: false } };
}

export default async function AccountSectionPage({ params, searchParams }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const user = await requireUser(locale, '/account-section', await searchParams);
  const tab = accountTabFromQuery(firstParam((await searchParams).tab));
  const t = await getTranslations('account');

  // Prefetched under the client hooks' keys, so the profile tab renders with data (STYLE.md habit 6).
  // The user goes in on every tab: the header's `me` query then starts from it instead of asking
  // /api/me again as soon as it loads.
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.me, user);
  // The protected area loads the profile and the family list on entry (SPEC.md section 4): the
  // same /v4 call GET /api/family makes, under useFamily's key. A failure leaves the key empty
  // and the tab asks again (and says so if it fails again).
  const token = await currentToken();
  const family = await callV4<FamilyMember[]>('listFamily', { locale, token });
  if (family.ok) queryClient.setQueryData(queryKeys.family, family.data);
  if (tab.key === 'my-profile') {
    const [countries, cards] = await Promise.all([
      callV4<Country[]>('countries', { locale }),
      callV4<SavedCard[]>('listCards', { locale, token }),
    ]);
    if (countries.ok) queryClient.setQueryData(queryKeys.countries(locale), countries.data);
    if (cards.ok) queryClient.setQueryData(queryKeys.cards, cards.data);
  }
  // Insurance and reviews: the same /v4 calls the tabs' hooks make through /api, under their keys.
  if (tab.key === 'insurance' || tab.key === 'my-reviews') {
    if (tab.key === 'insurance') {
      const [insurance, carriers] = await Promise.all([
        callV4('listInsurance', { token, locale }),
        callV4('insuranceCarriers', { locale }),
      ]);
      if (insurance.ok) queryClient.setQueryData(insuranceQueryKey, insurance.data);
      if (carriers.ok) queryClient.setQueryData(queryKeys.insuranceCarriers(locale), carriers.data);
    } else {
      const reviews = await callV4('listMyReviews', { token, locale });
      if (reviews.ok) queryClient.setQueryData(myReviewsQueryKey, reviews.data);
    }
  }
  // The review email links here with the appointment to review.
  const reviewAppointmentId = firstParam((await searchParams).review);

  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('heading')}</h1>
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
        <AccountNav current={tab.key} />
        <section
          aria-labelledby="account-panel-heading"
          className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2 id="account-panel-heading" className="mb-4 text-xl font-semibold text-slate-900">
            {t(`tabs.${tab.label}`)}
          </h2>
          <ClientMessages
            namespaces={[
              'account',
              'family',
              'cards',
              'support',
              'deleteAccount',
              'booking.card',
              'photo',
              'insurance',
              'reviews',
              ...FORM_NAMESPACES,
            ]}
          >
            <QueryProvider>
              <HydrationBoundary state={dehydrate(queryClient)}>
                {tab.key === 'my-profile' ? (
                  <div className="space-y-8">
                    <PhotoSection initialUser={user} />
                    <ProfilePanel initialUser={user} />
                    <SavedCardsSection paymentConfig={paymentClientConfig()} />
                    <DeleteAccountSection />
                  </div>
                ) : tab.key === 'insurance' ? (
                  <InsurancePanel />
                ) : tab.key === 'my-family' ? (
                  <FamilyPanel />
                ) : tab.key === 'my-reviews' ? (
                  <MyReviewsPanel reviewAppointmentId={reviewAppointmentId} />
                ) : tab.key === 'support' ? (
                  <SupportPanel />
                ) : tab.key === 'change-password' ? (
                  <ChangePasswordForm email={user.email} />
                ) : null}
              </HydrationBoundary>
            </QueryProvider>
          </ClientMessages>
        </section>
      </div>
    </main>
  );
}

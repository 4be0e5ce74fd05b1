import { HydrationBoundary, QueryClient, dehydrate } from '@tanstack/react-query';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getFavorites } from '@/lib/bff/discovery';
import { queryKeys } from '@/lib/api-client/query-keys';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { buttonClass } from '@/components/ui/button';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryProvider } from '@/components/providers/query-provider';
import { HeartIcon } from '@/components/ui/icons';
import { RemovableFavorite, RemoveFavoriteButton } from '@/components/favorites/removable-favorite';
import { ClinicResultCard, ProviderResultCard } from '@/components/search/result-cards';
import { LoadFailed } from '@/components/ui/load-failed';
import { centerFromQuery, listingHref } from '@/components/search/listing-query';
import { requireSession } from '@/lib/bff/session-expired';
import { rememberedLocation } from '@/lib/bff/chosen-location';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const locale = pageLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'favorites' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * /favorites (SPEC.md section 2, protected): the saved providers and dental practices, each
 * removable, rendered on the server from GET /v4/favorites (distances from the URL's lat and
 * lng when the location wrapper has put them there).
 */
export default async function FavoritesPage({ params, searchParams }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  // Without lat and lng in the URL, the place remembered from an earlier page or visit.
  const center = centerFromQuery(await searchParams) ?? (await rememberedLocation());
  const result = requireSession(
    await getFavorites(locale, center ?? undefined),
    locale,
    '/favorites',
    await searchParams,
  );
  const t = await getTranslations('favorites');

  const header = (
    <>
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-2 text-slate-700">{t('intro')}</p>
    </>
  );

  if (!result.ok) {
    return (
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6">
        {header}
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} />
      </main>
    );
  }

  const { providers, clinics, providerIds, clinicIds } = result.data;
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.favoriteIds, { providerIds, clinicIds });
  const searchHref = listingHref({ kind: 'providers', ...(center ?? {}) });

  return (
    <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6">
      {header}
      {providers.length === 0 && clinics.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <HeartIcon className="mx-auto size-10 text-brand-700" />
          <h2 className="mt-3 text-xl font-semibold text-slate-900">{t('emptyTitle')}</h2>
          <p className="mt-1 text-slate-700">{t('emptyBody')}</p>
          <Link href={searchHref} className={buttonClass('primary', 'mt-5')}>
            {t('emptyCta')}
          </Link>
        </div>
      ) : (
        <ClientMessages namespaces={['favorites']}>
          <QueryProvider>
            <HydrationBoundary state={dehydrate(queryClient)}>
              <FavoriteSection
                id="favorite-providers"
                className="mt-8"
                heading={t('providersHeading')}
                count={t('count', { count: providers.length })}
                empty={providers.length === 0 ? t('providersEmpty') : undefined}
              >
                {providers.map((provider) => (
                  <RemovableFavorite
                    key={provider.id}
                    kind="provider"
                    id={provider.id}
                    name={provider.displayName}
                    headingId="favorite-providers"
                  >
                    <ProviderResultCard provider={provider} action={<RemoveFavoriteButton />} />
                  </RemovableFavorite>
                ))}
              </FavoriteSection>
              <FavoriteSection
                id="favorite-clinics"
                className="mt-10"
                heading={t('clinicsHeading')}
                count={t('count', { count: clinics.length })}
                empty={clinics.length === 0 ? t('clinicsEmpty') : undefined}
              >
                {clinics.map((clinic) => (
                  <RemovableFavorite
                    key={clinic.id}
                    kind="clinic"
                    id={clinic.id}
                    name={clinic.name}
                    headingId="favorite-clinics"
                  >
                    <ClinicResultCard clinic={clinic} action={<RemoveFavoriteButton />} />
                  </RemovableFavorite>
                ))}
              </FavoriteSection>
              <p className="mt-10">
                <Link href={searchHref} className="font-semibold text-brand-800 underline underline-offset-2">
                  {t('emptyCta')}
                </Link>
              </p>
            </HydrationBoundary>
          </QueryProvider>
        </ClientMessages>
      )}
    </main>
  );
}

/** One kind of favourite: a heading with its count (a removed card leaves focus on it), then the list or why it is empty. */
function FavoriteSection({
  id,
  className,
  heading,
  count,
  empty,
  children,
}: {
  id: string;
  className: string;
  heading: string;
  count: string;
  /** Shown instead of the list when there is nothing in it. */
  empty?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        {heading} <span className="font-normal text-slate-600">({count})</span>
      </h2>
      {empty ? <p className="mt-2 text-slate-700">{empty}</p> : <ul className="mt-4 space-y-4">{children}</ul>}
    </section>
  );
}

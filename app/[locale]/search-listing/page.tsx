import { HydrationBoundary, QueryClient, dehydrate } from '@tanstack/react-query';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ClinicPage } from '@/lib/contracts/clinics';
import type { ProviderPage } from '@/lib/contracts/providers';
import { DEFAULT_RADIUS_MILES, MAX_RADIUS_MILES } from '@/lib/contracts/discovery';
import { getClinicList, getFavorites, getProviderList, getSearchFilterOptions } from '@/lib/bff/discovery';
import { getOwnInsurance } from '@/lib/bff/insurance';
import { rememberedLocation } from '@/lib/bff/chosen-location';
import type { V4Result } from '@/lib/bff/v4-client';
import { serverEnv } from '@/lib/config/server-env';
import { queryKeys } from '@/lib/api-client/query-keys';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { buttonClass } from '@/components/ui/button';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryProvider } from '@/components/providers/query-provider';
import { ListingFilterPanel, type FilterOptions } from '@/components/search/listing-filters';
import { ListingLocationGate } from '@/components/search/listing-location-gate';
import { ListingNavigationProvider, ListingResultsRegion } from '@/components/search/listing-navigation';
import { ListingSort } from '@/components/search/listing-sort';
import { Pagination } from '@/components/search/pagination';
import { ClinicResultCard, ProviderResultCard } from '@/components/search/result-cards';
import { ResultsMapLoader } from '@/components/search/results-map-loader';
import type { MapPoint } from '@/components/search/results-map';
import { LoadFailed } from '@/components/ui/load-failed';
import { SavedPlanNotice } from '@/components/search/saved-plan-notice';
import {
  LISTING_KINDS,
  LISTING_PAGE_SIZE,
  applyListingChanges,
  clearedFilters,
  activeFilterCount,
  hasLocation,
  listingHref,
  pageRange,
  parseListingQuery,
  startsFromSavedInsurance,
  toClinicListQuery,
  toProviderListQuery,
  withSavedInsurance,
  type ListingFilters,
} from '@/components/search/listing-query';
import type { Metadata } from 'next';

type Results =
  { kind: 'providers'; result: V4Result<ProviderPage> } | { kind: 'clinics'; result: V4Result<ClinicPage> };

/** The name of the care the listing is filtered by, for the heading and the title. */
function careName(filters: ListingFilters, options: FilterOptions | undefined): string | undefined {
  if (!options) return undefined;
  if (filters.service) return options.services.find((s) => s.slug === filters.service)?.name;
  if (filters.visitReason) return options.visitReasons.find((s) => s.slug === filters.visitReason)?.name;
  if (filters.specialty) return options.specialties.find((s) => s.slug === filters.specialty)?.name;
  return undefined;
}

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const locale = pageLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'listing' });
  // Different for every query and place: nothing for search engines here (robots.txt agrees).
  return { title: t('metaTitle'), description: t('metaDescription'), robots: { index: false, follow: true } };
}

/**
 * /search-listing (SPEC.md section 2): dentists or dental practices near lat/lng,
 * filtered and sorted by the URL query, rendered on the server from /v4 (lib/bff, no HTTP to
 * ourselves). Bad query values are dropped (listing-query.ts), never an error page.
 */
export default async function SearchListingPage({ params, searchParams }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const parsed = parseListingQuery(await searchParams);
  // Without lat and lng in the URL, the place remembered from an earlier page or visit: the
  // results render at once, and the wrapper then writes it into the URL.
  const remembered = hasLocation(parsed) ? null : await rememberedLocation();
  const urlFilters = remembered ? { ...parsed, lat: remembered.lat, lng: remembered.lng } : parsed;
  // Public (SPEC.md section 1: search needs no login). The insurance on file, a signed-in
  // patient's only, is asked only when the URL leaves insurance open.
  const savedInsurance = startsFromSavedInsurance(urlFilters) ? await getOwnInsurance(locale) : undefined;

  // The filters the listing shows and every link on it carries: the URL's, starting from the
  // patient's carrier and plan when the URL says nothing about insurance.
  const filters = withSavedInsurance(urlFilters, savedInsurance);
  const filteredBySavedPlan = savedInsurance !== undefined && startsFromSavedInsurance(urlFilters);
  const t = await getTranslations('listing');
  const [options, results, favorites] = await Promise.all([
    getSearchFilterOptions(locale),
    hasLocation(filters)
      ? filters.kind === 'clinics'
        ? getClinicList(toClinicListQuery(filters), locale).then((result): Results => ({ kind: 'clinics', result }))
        : getProviderList(toProviderListQuery(filters), locale).then((result): Results => ({
            kind: 'providers',
            result,
          }))
      : Promise.resolve(undefined),
    getFavorites(locale),
  ]);

  // The hearts render pressed from the first paint (STYLE.md habit 6: same key as useFavoriteIds).
  const queryClient = new QueryClient();
  if (favorites?.ok) {
    queryClient.setQueryData(queryKeys.favoriteIds, {
      providerIds: favorites.data.providerIds,
      clinicIds: favorites.data.clinicIds,
    });
  }

  const care = careName(filters, options);
  const heading = care ? t(`headingFor.${filters.kind}`, { care }) : t(`heading.${filters.kind}`);
  const mapsKey = serverEnv().NEXT_PUBLIC_GOOGLE_MAPS_API_KEY;
  const page = results?.result.ok ? results.result.data : undefined;
  const points: MapPoint[] = !page
    ? []
    : results?.kind === 'clinics'
      ? (page as ClinicPage).items.map((c) => ({
          key: `c${c.id}`,
          name: c.name,
          lat: c.latitude,
          lng: c.longitude,
          href: `/clinic-details/${c.id}`,
        }))
      : (page as ProviderPage).items.map((p) => ({
          key: `p${p.id}`,
          name: p.displayName,
          lat: p.office.latitude,
          lng: p.office.longitude,
          href: `/provider-details/${p.id}?office=${p.office.id}`,
        }));
  const showMap = Boolean(mapsKey && hasLocation(filters) && points.length > 0);

  return (
    <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{heading}</h1>
      <nav aria-label={t('kindNav')} className="mt-4 border-b border-slate-200">
        <ul className="-mb-px flex gap-2">
          {LISTING_KINDS.map((kind) => {
            const current = kind === filters.kind;
            return (
              <li key={kind}>
                <Link
                  href={listingHref(applyListingChanges(filters, { kind }))}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${
                    current
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-700 hover:text-slate-900'
                  }`}
                >
                  {t(`kinds.${kind}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {/* Texts of the client islands below: filters, sort, hearts, map. */}
      <ClientMessages namespaces={['listing', 'favorites']}>
        <QueryProvider>
          <ListingNavigationProvider filters={filters}>
            <div
              className={`mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] ${
                showMap ? 'xl:grid-cols-[17rem_minmax(0,1fr)_22rem]' : ''
              }`}
            >
              {options ? <ListingFilterPanel options={options} /> : <div />}
              <ListingResultsRegion labelledBy="results-heading">
                <h2 id="results-heading" className="sr-only">
                  {t('resultsLabel')}
                </h2>
                {filteredBySavedPlan && hasLocation(filters) ? (
                  <SavedPlanNotice filters={filters} carriers={options?.insuranceCarriers} />
                ) : null}
                {!hasLocation(filters) ? (
                  <ListingLocationGate />
                ) : !results || !results.result.ok ? (
                  <LoadFailed
                    className=""
                    title={t('error.title')}
                    message={t('error.body')}
                    retryLabel={t('error.retry')}
                  />
                ) : (
                  <HydrationBoundary state={dehydrate(queryClient)}>
                    <ResultsList filters={filters} results={results} />
                  </HydrationBoundary>
                )}
              </ListingResultsRegion>
              {showMap && mapsKey && hasLocation(filters) ? (
                <div className="lg:col-start-2 xl:col-start-auto">
                  <ResultsMapLoader
                    apiKey={mapsKey}
                    locale={locale}
                    center={{ lat: filters.lat, lng: filters.lng }}
                    points={points}
                  />
                </div>
              ) : null}
            </div>
          </ListingNavigationProvider>
        </QueryProvider>
      </ClientMessages>
    </main>
  );
}

async function ResultsList({ filters, results }: { filters: ListingFilters; results: Results }) {
  const t = await getTranslations('listing');
  if (!results.result.ok) return null;
  const { total, totalCapped, page, pageSize } = results.result.data;
  const { first, last } = pageRange(page, pageSize, total);
  const radius = filters.radius ?? DEFAULT_RADIUS_MILES;
  const widerRadius = radius < 50 ? 50 : MAX_RADIUS_MILES;

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {/* A live region: after a filter change the new count is announced. */}
        <p role="status" className="font-medium text-slate-800">
          {total > 0 ? t(totalCapped ? 'showingCapped' : 'showing', { first, last, total }) : null}
        </p>
        <ListingSort />
      </div>
      {total === 0 || results.result.data.items.length === 0 ? (
        <div className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="text-lg font-semibold text-slate-900">{t('empty.title')}</p>
          <p className="mt-1 text-slate-700">{t('empty.body')}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            {radius < MAX_RADIUS_MILES ? (
              <Link
                href={listingHref(applyListingChanges(filters, { radius: widerRadius }))}
                className={buttonClass('primary')}
              >
                {t('empty.widen', { miles: widerRadius })}
              </Link>
            ) : null}
            {activeFilterCount(filters) > 0 ? (
              <Link href={listingHref(clearedFilters(filters))} className={buttonClass('secondary')}>
                {t('empty.clear')}
              </Link>
            ) : null}
          </div>
        </div>
      ) : (
        <ul className="mt-4 space-y-4">
          {results.kind === 'providers'
            ? results.result.ok &&
              results.result.data.items.map((provider) => (
                <li key={provider.id}>
                  <ProviderResultCard provider={provider} rescheduleOf={filters.rescheduleOf} />
                </li>
              ))
            : results.result.ok &&
              results.result.data.items.map((clinic) => (
                <li key={clinic.id}>
                  <ClinicResultCard clinic={clinic} rescheduleOf={filters.rescheduleOf} />
                </li>
              ))}
        </ul>
      )}
      <Pagination filters={filters} total={total} pageSize={pageSize || LISTING_PAGE_SIZE} />
    </>
  );
}

import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getSearchFilterOptions } from '@/lib/bff/discovery';
import { getPathname, Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { CareSearchBlock } from '@/components/search/care-search-block';
import { NearbyDentists } from '@/app/[locale]/_components/nearby-dentists';
import { centerFromQuery, listingHref, type ListingFilters } from '@/components/search/listing-query';
import en from '@/messages/en.json';
import { rememberedLocation } from '@/lib/bff/chosen-location';
import type { Metadata } from 'next';

type BlurbSlug = keyof (typeof en)['featured']['specialtyBlurbs'];
/** Specialties come from the database; only the seeded ones have a blurb in the catalogues. */
function isBlurbSlug(slug: string): slug is BlurbSlug {
  return Object.hasOwn(en.featured.specialtyBlurbs, slug);
}

/** Most-booked first; a specialty missing here (a new one) follows in the API's order. */
const SPECIALTY_ORDER = [
  'general-dentist',
  'cosmetic-dentist',
  'orthodontist',
  'pedodontist',
  'implant-dentist',
  'endodontist',
  'oral-surgeon',
  'periodontist',
  'prosthodontist',
  'holistic-dentist',
  'dental-anesthesiologist',
];

function rank(slug: string): number {
  const index = SPECIALTY_ORDER.indexOf(slug);
  return index === -1 ? SPECIALTY_ORDER.length : index;
}

/** The reasons people book most, in the order a front desk would list them. */
const COMMON_VISIT_REASONS = [
  'dental-cleaning',
  'routine-exam-adult',
  'routine-exam-child',
  'toothache',
  'emergency',
  'filling',
  'teeth-whitening',
  'root-canal',
  'tooth-extraction',
  'wisdom-teeth',
  'dental-implants',
  'clear-aligners',
];

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const locale = pageLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'featured' });
  return {
    title: t('metaTitle'),
    description: t('metaDescription'),
    alternates: {
      canonical: getPathname({ href: '/featured-search', locale }),
      languages: {
        en: getPathname({ href: '/featured-search', locale: 'en' }),
        es: getPathname({ href: '/featured-search', locale: 'es' }),
        'x-default': getPathname({ href: '/featured-search', locale: 'en' }),
      },
    },
  };
}

/**
 * /featured-search (public; "as users would expect"): the type-of-care search, featured
 * specialties, common visit reasons and the top-rated dentists near the URL's lat and lng.
 * Every link leads to /search-listing with that filter (login asked there, as the spec keeps it).
 */
export default async function FeaturedSearchPage({ params, searchParams }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  // Without lat and lng in the URL, the place remembered from an earlier page or visit.
  const center = centerFromQuery(await searchParams) ?? (await rememberedLocation());
  const [t, options] = await Promise.all([getTranslations('featured'), getSearchFilterOptions(locale)]);
  const near = (filters: ListingFilters): string => listingHref(center ? { ...filters, ...center } : filters);
  const reasons = options
    ? COMMON_VISIT_REASONS.flatMap((slug) => options.visitReasons.filter((r) => r.slug === slug))
    : [];

  return (
    <main id="main" className="flex-1">
      <section aria-labelledby="featured-title" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
          <h1 id="featured-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('title')}
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-700">{t('intro')}</p>
          <div className="mt-8 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:p-6">
            <CareSearchBlock />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-5xl space-y-14 px-4 py-12 sm:px-6">
        <section aria-labelledby="featured-specialties">
          <h2 id="featured-specialties" className="text-2xl font-semibold text-slate-900">
            {t('specialtiesHeading')}
          </h2>
          <p className="mt-1 text-slate-700">{t('specialtiesIntro')}</p>
          {options ? (
            <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {[...options.specialties]
                .sort((a, b) => rank(a.slug) - rank(b.slug))
                .map((specialty) => (
                  <li key={specialty.slug}>
                    <Link
                      href={near({ kind: 'providers', specialty: specialty.slug })}
                      // The listing is behind login: prefetching it for visitors would only fetch redirects.
                      prefetch={false}
                      className="block h-full rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-700"
                    >
                      <span className="block font-semibold text-brand-800">{specialty.name}</span>
                      {isBlurbSlug(specialty.slug) ? (
                        <span className="mt-1 block text-sm text-slate-700">
                          {t(`specialtyBlurbs.${specialty.slug}`)}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                ))}
            </ul>
          ) : (
            <p className="mt-4 text-slate-700">{t('optionsFailed')}</p>
          )}
        </section>

        <section aria-labelledby="featured-reasons">
          <h2 id="featured-reasons" className="text-2xl font-semibold text-slate-900">
            {t('visitReasonsHeading')}
          </h2>
          <p className="mt-1 text-slate-700">{t('visitReasonsIntro')}</p>
          {options ? (
            <ul className="mt-5 flex flex-wrap gap-3">
              {reasons.map((reason) => (
                <li key={reason.slug}>
                  <Link
                    href={near({ kind: 'providers', visitReason: reason.slug })}
                    prefetch={false}
                    className="inline-flex min-h-11 items-center rounded-full border border-brand-700 bg-white px-4 py-2 font-medium text-brand-800 hover:bg-brand-50"
                  >
                    {reason.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-slate-700">{t('optionsFailed')}</p>
          )}
        </section>

        <section aria-labelledby="featured-top-rated">
          <h2 id="featured-top-rated" className="text-2xl font-semibold text-slate-900">
            {t('topRatedHeading')}
          </h2>
          <div className="mt-1">
            <NearbyDentists center={center} headingId="featured-top-rated" page="featured" />
          </div>
        </section>
      </div>
    </main>
  );
}

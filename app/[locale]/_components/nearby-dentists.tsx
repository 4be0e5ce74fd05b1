import { getLocale, getTranslations } from 'next-intl/server';
import { DEFAULT_RADIUS_MILES } from '@/lib/contracts/discovery';
import type { ProviderCard } from '@/lib/contracts/providers';
import { getProviderList } from '@/lib/bff/discovery';
import { isLocale } from '@/lib/i18n/languages';
import { Link } from '@/lib/i18n/navigation';
import { Avatar } from '@/components/ui/avatar';
import { UseMyLocationButton } from '@/components/location/use-my-location-button';
import { MapPinIcon } from '@/components/ui/icons';
import { formatMiles } from '@/components/search/format';
import { listingHref } from '@/components/search/listing-href';
import { Rating } from '@/components/search/rating';

/** How many dentists the home and featured pages show. */
export const NEARBY_COUNT = 6;

/** Midtown Manhattan: the seed's largest city of dentists (README "Demo data"). */
const SUGGESTED_CITY = { lat: 40.7549, lng: -73.984 };

/** Each page's texts for the list, by message key (the home page's and the featured page's). */
const TEXT_KEYS = {
  home: {
    noLocation: 'nearbyNoLocation',
    empty: 'nearbyEmpty',
    failed: 'nearbyFailed',
    intro: 'nearbyIntroNoPlace',
    seeAll: 'nearbySeeAll',
  },
  featured: {
    noLocation: 'topRatedNoLocation',
    empty: 'topRatedEmpty',
    failed: 'topRatedFailed',
    intro: 'topRatedIntro',
    seeAll: 'seeAll',
  },
} as const;

async function NearbyCard({ provider }: { provider: ProviderCard }) {
  const t = await getTranslations('listing.card');
  const locale = await getLocale();
  const nameId = `nearby-${provider.id}`;
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full gap-3 rounded-2xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200"
    >
      <Avatar name={{ firstName: provider.firstName, lastName: provider.lastName }} src={provider.photoUrl} size={56} />
      <div className="min-w-0">
        <h3 id={nameId} className="font-semibold text-slate-900">
          <Link href={`/provider-details/${provider.id}?office=${provider.office.id}`} className="hover:underline">
            {provider.displayName}
          </Link>
        </h3>
        <p className="text-sm text-slate-700">{provider.specialties[0]?.name}</p>
        <Rating className="mt-1" average={provider.rating.average} count={provider.rating.count} />
        <p className="mt-1 flex items-start gap-1 text-sm text-slate-700">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-slate-600" />
          <span>
            {provider.office.city}
            {provider.distanceMiles !== null
              ? ` · ${t('distance', { miles: formatMiles(provider.distanceMiles, locale) })}`
              : ''}
          </span>
        </p>
      </div>
    </article>
  );
}

/**
 * Top-rated dentists near a point, rendered on the server from GET /v4/providers (public:
 * list results need no login). The home and featured pages read lat and lng from their URL,
 * which the location wrapper keeps current, so the list follows the chosen location.
 */
export async function NearbyDentists({
  center,
  headingId,
  page,
}: {
  center: { lat: number; lng: number } | null;
  headingId: string;
  /** Whose texts: the home page's or the featured page's. */
  page: keyof typeof TEXT_KEYS;
}) {
  const t = await getTranslations(page);
  const keys = TEXT_KEYS[page];
  const texts = {
    noLocation: t(keys.noLocation),
    empty: t(keys.empty),
    failed: t(keys.failed),
    intro: t(keys.intro, { miles: DEFAULT_RADIUS_MILES }),
    seeAll: t(keys.seeAll),
  };
  const rawLocale = await getLocale();
  const locale = isLocale(rawLocale) ? rawLocale : 'en';
  const tl = await getTranslations('location');
  // A city with dentists, one link away: a first visitor (or a demo) who shares no position, or
  // whose place has no dentist yet, still sees what the site does.
  const suggestion = (
    <Link
      href={`${page === 'home' ? '/' : '/featured-search'}?lat=${SUGGESTED_CITY.lat}&lng=${SUGGESTED_CITY.lng}`}
      className="font-semibold text-brand-800 underline underline-offset-2"
    >
      {tl('suggestCity')}
    </Link>
  );
  if (!center) {
    // No place yet: these pages ask for the position only when the visitor presses this
    // (lib/docs/decisions/location-on-gesture.md); a place typed in the search box works too.
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-slate-700">{texts.noLocation}</p>
        <UseMyLocationButton label={tl('useMyLocation')} locatingLabel={tl('locating')} />
        <p>{suggestion}</p>
      </div>
    );
  }
  const result = await getProviderList(
    { lat: String(center.lat), lng: String(center.lng), sort: 'ratingDesc', pageSize: String(NEARBY_COUNT) },
    locale,
  );
  if (!result.ok) return <p className="text-slate-700">{texts.failed}</p>;
  if (result.data.items.length === 0) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-slate-700">{texts.empty}</p>
        <p>{suggestion}</p>
      </div>
    );
  }
  return (
    <>
      <p className="text-slate-700">{texts.intro}</p>
      <ul aria-labelledby={headingId} className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {result.data.items.map((provider) => (
          <li key={provider.id}>
            <NearbyCard provider={provider} />
          </li>
        ))}
      </ul>
      <p className="mt-5">
        <Link
          href={listingHref({ kind: 'providers', sort: 'ratingDesc', lat: center.lat, lng: center.lng })}
          // A dynamic page per place: fetched when followed, not on every home page view.
          prefetch={false}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {texts.seeAll}
        </Link>
      </p>
    </>
  );
}

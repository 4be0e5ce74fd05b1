'use client';

import { useId, useState, useTransition, type FormEvent } from 'react';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { usePathname, useRouter as useNextRouter } from 'next/navigation';
import type { GlobalSearchResponse } from '@/lib/contracts/search';
import type { GeoPlace, LatLng } from '@/lib/contracts/geo';
import { MAX_SEARCH_TEXT_LENGTH } from '@/lib/contracts/discovery-limits';
import { searchQueryOptions } from '@/lib/api-client/search';
import { isLocale, type Locale } from '@/lib/i18n/languages';
import { getPathname, useRouter } from '@/lib/i18n/navigation';
import { useOptionalLocation } from '@/components/location/location-provider';
import { withLatLng } from '@/components/location/location-params';
import { LocationSearch } from '@/components/location/location-search';
import { Button } from '@/components/ui/button';
import { QueryProvider } from '@/components/providers/query-provider';
import { controlClass, labelClass } from '@/components/ui/field-help';
import { useDebounced } from '@/components/ui/use-debounced';
import { formatMiles } from './format';
import { careListingFilters, listingHref } from './listing-href';

/** Typing settles this long before the typeahead asks (about 250 ms). */
const DEBOUNCE_MS = 250;
const MIN_QUERY_LENGTH = 2;
/** The fields' names: the query a search sent before hydration carries to the listing. */
const CARE_FIELD = 'care';
const LOCATION_FIELD = 'location';

type CareKind = 'specialty' | 'visitReason' | 'service';
type GroupKey = keyof GlobalSearchResponse;

export type SearchChoice =
  | { key: string; group: GroupKey; kind: CareKind; slug: string; name: string; detail?: undefined }
  | { key: string; group: 'providers'; kind: 'provider'; id: number; name: string; detail: string }
  | { key: string; group: 'clinics'; kind: 'clinic'; id: number; name: string; detail: string };

/** Care first (what most people type), then the people and places that match by name. */
const GROUP_ORDER: GroupKey[] = ['speciality', 'dentalConditions', 'services', 'providers', 'clinics'];

type CareChoice = Extract<SearchChoice, { kind: CareKind }>;

function isCareChoice(option: SearchChoice | null): option is CareChoice {
  return option !== null && option.kind !== 'provider' && option.kind !== 'clinic';
}

function groupsOf(
  data: GlobalSearchResponse | undefined,
  describe: { miles: (n: number) => string; place: (city: string, state: string) => string },
): { key: GroupKey; options: SearchChoice[] }[] {
  if (!data) return [];
  const care = (group: GroupKey, kind: CareKind, items: { slug: string; name: string }[]): SearchChoice[] =>
    items.map((item) => ({ key: `${group}:${item.slug}`, group, kind, slug: item.slug, name: item.name }));
  const byGroup: Record<GroupKey, SearchChoice[]> = {
    speciality: care('speciality', 'specialty', data.speciality),
    dentalConditions: care('dentalConditions', 'visitReason', data.dentalConditions),
    services: care('services', 'service', data.services),
    providers: data.providers.map((p) => ({
      key: `providers:${p.id}`,
      group: 'providers' as const,
      kind: 'provider' as const,
      id: p.id,
      name: p.displayName,
      detail: [
        p.specialty,
        [p.officeName, p.city].filter(Boolean).join(', '),
        p.distanceMiles !== null ? describe.miles(p.distanceMiles) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    })),
    clinics: data.clinics.map((c) => ({
      key: `clinics:${c.id}`,
      group: 'clinics' as const,
      kind: 'clinic' as const,
      id: c.id,
      name: c.name,
      detail: [describe.place(c.city, c.state), c.distanceMiles !== null ? describe.miles(c.distanceMiles) : null]
        .filter(Boolean)
        .join(' · '),
    })),
  };
  return GROUP_ORDER.map((key) => ({ key, options: byGroup[key] })).filter((g) => g.options.length > 0);
}

/**
 * The home page's type-of-care search (SPEC.md section 2 "Home"): the global typeahead as an
 * ARIA combobox with grouped options, a location field and a Search button. A dentist or a
 * practice opens its page at once; a specialty, visit reason or service fills the field, and
 * Search lists matches near the chosen location (/search-listing, which asks for login).
 */
export function CareSearch() {
  return (
    <QueryProvider>
      <CareSearchForm />
    </QueryProvider>
  );
}

function CareSearchForm() {
  const t = useTranslations('search');
  const rawLocale = useLocale();
  const format = {
    miles: (n: number) => t('distance', { miles: formatMiles(n, rawLocale) }),
    place: (city: string, state: string) => t('clinicPlace', { city, state }),
  };
  const locale: Locale = isLocale(rawLocale) ? rawLocale : 'en';
  const router = useRouter();
  const nextRouter = useNextRouter();
  const pathname = usePathname();
  const location = useOptionalLocation();
  const [navigating, startNavigation] = useTransition();

  const id = useId();
  const inputId = `${id}-care`;
  const labelId = `${id}-care-label`;
  const hintId = `${id}-care-hint`;

  const [text, setText] = useState('');
  const [choice, setChoice] = useState<SearchChoice | null>(null);
  /** A place chosen here, for pages without the location wrapper. */
  const [place, setPlace] = useState<GeoPlace | null>(null);
  const coords: LatLng | null = location?.coords ?? (place ? { lat: place.latitude, lng: place.longitude } : null);
  const country = location?.country ?? place?.country ?? undefined;
  const address = location?.address ?? place?.formattedAddress ?? null;

  const debounced = useDebounced(text.trim(), DEBOUNCE_MS);
  const enabled = debounced.length >= MIN_QUERY_LENGTH && !choice;
  const search = useQuery({
    ...searchQueryOptions(locale, {
      searchText: debounced,
      lat: coords?.lat,
      lng: coords?.lng,
      country: country ?? undefined,
    }),
    enabled,
    placeholderData: keepPreviousData,
  });
  const groups = enabled && !search.isError ? groupsOf(search.data, format) : [];
  const count = groups.reduce((n, g) => n + g.options.length, 0);
  const settled = enabled && !search.isFetching && debounced === text.trim();

  let status = '';
  if (search.isError && enabled) status = t('failed');
  else if (enabled && !settled && count === 0) status = t('searching');
  else if (settled) status = count === 0 ? t('noResults', { text: debounced }) : t('resultsCount', { count });

  function choose(next: SearchChoice | null) {
    if (!next) return;
    if (next.kind === 'provider' || next.kind === 'clinic') {
      setText(next.name);
      startNavigation(() =>
        router.push(`/${next.kind === 'provider' ? 'provider-details' : 'clinic-details'}/${next.id}`),
      );
      return;
    }
    setChoice(next);
    setText(next.name);
  }

  function choosePlace(chosen: GeoPlace) {
    setPlace(chosen);
    if (location) location.setLocation(chosen);
    // Without the wrapper the page itself follows lat and lng (e.g. the nearby list).
    else
      nextRouter.replace(
        `${pathname}${withLatLng(window.location.search, { lat: chosen.latitude, lng: chosen.longitude })}`,
        { scroll: false },
      );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // Typed but not chosen: the best care match stands in for it, as a person would expect.
    const care = [choice, ...groups.flatMap((g) => g.options)].find(isCareChoice) ?? null;
    const filters = care
      ? careListingFilters({ kind: care.kind, slug: care.slug }, coords)
      : { kind: 'providers' as const, ...(coords ?? {}) };
    startNavigation(() => router.push(listingHref(filters)));
  }

  return (
    // The action is the listing, for a search sent before the page hydrated (a plain GET).
    <form
      role="search"
      aria-label={t('formLabel')}
      action={getPathname({ href: '/search-listing', locale })}
      onSubmit={submit}
      className="grid items-start gap-4 text-left md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
    >
      <div className="relative">
        <label id={labelId} htmlFor={inputId} className={labelClass}>
          {t('careLabel')}
        </label>
        <Combobox<SearchChoice | null> value={choice} onChange={choose} by={(a, b) => a?.key === b?.key}>
          <div className="relative">
            <ComboboxInput
              id={inputId}
              name={CARE_FIELD}
              autoComplete="off"
              spellCheck={false}
              maxLength={MAX_SEARCH_TEXT_LENGTH}
              placeholder={t('carePlaceholder')}
              aria-describedby={hintId}
              displayValue={() => text}
              onChange={(event) => {
                setText(event.target.value);
                setChoice(null);
              }}
              className={controlClass}
            />
            {groups.length > 0 ? (
              <ComboboxOptions
                // Placed by CSS under the field, not anchored: Headless UI moves anchored options
                // into a portal at the end of <body>, outside the page's landmarks (axe's
                // best-practice `region` rule).
                modal={false}
                // Headless UI writes its own (here empty) aria-labelledby; the name comes from aria-label.
                aria-label={t('careLabel')}
                // Section 9: the search tray is at most 25rem high.
                className="absolute left-0 top-full z-[60] mt-1 max-h-[25rem] w-full min-w-72 overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
              >
                {groups.map((group) => (
                  <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`}>
                    <div
                      id={`${id}-${group.key}`}
                      role="presentation"
                      className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-600"
                    >
                      {t(`groups.${group.key}`)}
                    </div>
                    {group.options.map((option) => (
                      <ComboboxOption
                        key={option.key}
                        value={option}
                        className="cursor-pointer px-3 py-2 text-slate-900 data-focus:bg-brand-50"
                      >
                        <span className="block font-medium">{option.name}</span>
                        {option.detail ? <span className="block text-sm text-slate-700">{option.detail}</span> : null}
                      </ComboboxOption>
                    ))}
                  </div>
                ))}
              </ComboboxOptions>
            ) : null}
          </div>
        </Combobox>
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {t('careHint')}
        </p>
        {/* Always in the page, so screen readers hear how many suggestions arrived. */}
        <p role="status" className={count > 0 || !status ? 'sr-only' : 'mt-1 text-sm font-medium text-slate-800'}>
          {status}
        </p>
      </div>
      <LocationSearch
        name={LOCATION_FIELD}
        label={t('locationLabel')}
        hint={address ? t('currentLocation', { address }) : coords ? t('currentLocationCoords') : t('noLocation')}
        onSelect={choosePlace}
      />
      {/* md:mt-6: level with the fields, whose labels are above them. */}
      <Button type="submit" className="md:mt-6" disabled={navigating} aria-busy={navigating || undefined}>
        {t('submit')}
      </Button>
    </form>
  );
}

import type { ListSort, VisitType } from '@/lib/contracts/discovery';
import type { SpokenLanguageCode } from '@/lib/contracts/discovery-catalog';

/*
 * The listing's filters and their URL, without the parsing (listing-query.ts, which uses the
 * /v4 contract's zod schemas): the home page's search box builds listing links with these, and
 * zod (with libphonenumber, about 50 kB) stays out of its first load (the page's JavaScript budget).
 */

export const LISTING_KINDS = ['providers', 'clinics'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];
export interface ListingFilters {
  kind: ListingKind;
  lat?: number;
  lng?: number;
  radius?: number;
  specialty?: string;
  visitReason?: string;
  /** Clinics only (the providers endpoint has no service filter). */
  service?: string;
  carrier?: number;
  plan?: number;
  /**
   * `any`: the person cleared the insurance filter, so the listing does not start from the
   * insurance on file (withSavedInsurance in listing-query.ts). Never sent to /v4.
   */
  insurance?: 'any';
  visitType?: VisitType;
  /** Only `true` is kept: false means the same as no filter. */
  acceptsNewPatients?: true;
  language?: SpokenLanguageCode;
  from?: string;
  to?: string;
  sort?: ListSort;
  /** Omitted for page 1, so the first page has one URL. */
  page?: number;
  /**
   * Rebooking this appointment of the patient's with another provider (SPEC.md section 4):
   * carried through every listing link to the provider page and the booking, never sent to /v4.
   */
  rescheduleOf?: string;
}

/** The filters a person sets (not kind, location, sort or page): what "Clear filters" removes. */
export const FILTER_KEYS = [
  'radius',
  'specialty',
  'visitReason',
  'service',
  'carrier',
  'plan',
  'visitType',
  'acceptsNewPatients',
  'language',
  'from',
  'to',
] as const satisfies readonly (keyof ListingFilters)[];

/** URL order: stable, so the same search always has the same address. */
const URL_ORDER = [
  'kind',
  ...FILTER_KEYS,
  'insurance',
  'sort',
  'page',
  'lat',
  'lng',
  'rescheduleOf',
] as const satisfies readonly (keyof ListingFilters)[];

/** The filters as a URL query, in a stable order, without empty values. */
export function listingSearchParams(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of URL_ORDER) {
    const value = filters[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'kind' && value === 'providers') continue; // the default kind keeps URLs short
    params.set(key, String(value));
  }
  return params;
}

/** The localized-path-free href of a listing (the i18n Link adds /es). */
export function listingHref(filters: ListingFilters): string {
  const query = listingSearchParams(filters).toString();
  return query ? `/search-listing?${query}` : '/search-listing';
}

/** The listing of a typeahead choice: a specialty or visit reason lists providers, a service lists practices. */
export function careListingFilters(
  choice: { kind: 'specialty' | 'visitReason' | 'service'; slug: string },
  location?: { lat: number; lng: number } | null,
): ListingFilters {
  const base: ListingFilters =
    choice.kind === 'service'
      ? { kind: 'clinics', service: choice.slug }
      : choice.kind === 'specialty'
        ? { kind: 'providers', specialty: choice.slug }
        : { kind: 'providers', visitReason: choice.slug };
  return location ? { ...base, lat: location.lat, lng: location.lng } : base;
}

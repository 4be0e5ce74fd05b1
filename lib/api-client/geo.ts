import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './http';
import type { GeoAutocompleteResponse, GeoPlaceResponse, LatLng } from '../contracts/geo';
import type { Locale } from '../i18n/languages';

/*
 * No zod parsing here: the location wrapper (every page's first load) reverse geocodes through
 * this module, and the public pages' JavaScript budget has no room for zod. The BFF
 * answers with the contract's own schemas.
 */

/**
 * Keys of the location endpoints; kept beside their fetchers until they join query-keys.ts.
 * The bias point is rounded to about 10 km: finer adds nothing to the ranking and would defeat the cache.
 */
export const geoQueryKeys = {
  autocomplete: (locale: Locale, q: string, near?: LatLng) =>
    [
      'geo',
      'autocomplete',
      locale,
      q,
      near ? Math.round(near.lat * 10) / 10 : null,
      near ? Math.round(near.lng * 10) / 10 : null,
    ] as const,
  geocode: (locale: Locale, id: string) => ['geo', 'geocode', locale, id] as const,
  reverse: (locale: Locale, lat: number, lng: number) => ['geo', 'reverse', locale, lat, lng] as const,
};

// GET /api/geo/autocomplete - place suggestions in the page's language (SPEC.md section 4)
export function getPlaceSuggestions(
  q: string,
  locale: Locale,
  near?: LatLng,
  signal?: AbortSignal,
): Promise<GeoAutocompleteResponse> {
  const params = new URLSearchParams({ q, locale });
  if (near) {
    params.set('lat', (Math.round(near.lat * 10) / 10).toString());
    params.set('lng', (Math.round(near.lng * 10) / 10).toString());
  }
  return apiFetch<GeoAutocompleteResponse>(`/geo/autocomplete?${params}`, { signal });
}

// GET /api/geo/geocode - coordinates and address parts of a chosen suggestion
export function getPlace(id: string, locale: Locale, signal?: AbortSignal): Promise<GeoPlaceResponse> {
  return apiFetch<GeoPlaceResponse>(`/geo/geocode?${new URLSearchParams({ id, locale })}`, { signal });
}

// GET /api/geo/reverse - a readable address and the country of a position
export function getAddressAt(
  lat: number,
  lng: number,
  locale: Locale,
  signal?: AbortSignal,
): Promise<GeoPlaceResponse> {
  const params = new URLSearchParams({ lat: String(lat), lng: String(lng), locale });
  return apiFetch<GeoPlaceResponse>(`/geo/reverse?${params}`, { signal });
}

// Gazetteer answers do not change while a page is open: cache them for the page's life.
export function placeSuggestionsQueryOptions(locale: Locale, q: string, near?: LatLng) {
  return queryOptions({
    queryKey: geoQueryKeys.autocomplete(locale, q, near),
    queryFn: ({ signal }) => getPlaceSuggestions(q, locale, near, signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function placeQueryOptions(locale: Locale, id: string) {
  return queryOptions({
    queryKey: geoQueryKeys.geocode(locale, id),
    queryFn: ({ signal }) => getPlace(id, locale, signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function addressAtQueryOptions(locale: Locale, lat: number, lng: number) {
  return queryOptions({
    queryKey: geoQueryKeys.reverse(locale, lat, lng),
    queryFn: ({ signal }) => getAddressAt(lat, lng, locale, signal),
    staleTime: Infinity,
    retry: 1,
  });
}

import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './http';
import { queryKeys } from './query-keys';
import type { GlobalSearchResponse } from '../contracts/search';
import type { Locale } from '../i18n/languages';

export interface SearchInput {
  searchText: string;
  lat?: number;
  lng?: number;
  /** ISO code of the location's country (the /v4 `country` header). */
  country?: string;
}

/**
 * The bias point is rounded to about 1 km: the ranking does not change within it, and the
 * cache then serves the same text typed again nearby.
 */
function rounded(value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.round(value * 100) / 100;
}

// GET /api/search?searchText&lat&lng&country - the global typeahead, in the page's language
export function searchEverything(input: SearchInput, signal?: AbortSignal): Promise<GlobalSearchResponse> {
  const params = new URLSearchParams({ searchText: input.searchText });
  const lat = rounded(input.lat);
  const lng = rounded(input.lng);
  if (lat !== undefined && lng !== undefined) {
    params.set('lat', String(lat));
    params.set('lng', String(lng));
  }
  if (input.country) params.set('country', input.country);
  return apiFetch<GlobalSearchResponse>(`/search?${params}`, { signal });
}

export function searchQueryOptions(locale: Locale, input: SearchInput) {
  const lat = rounded(input.lat);
  const lng = rounded(input.lng);
  return queryOptions({
    queryKey: queryKeys.search(locale, input.searchText, lat, lng, input.country),
    queryFn: ({ signal }) => searchEverything({ ...input, lat, lng }, signal),
    // Reference data and nearby dentists change rarely while a page is open.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { COUNTRIES, countryListSchema, type Country } from '../contracts/countries';
import { apiFetch } from './http';
import { queryKeys } from './query-keys';

// GET /api/countries - countries with dial codes, named in the page's language
export function getCountries(): Promise<Country[]> {
  return apiFetch('/countries', { schema: countryListSchema });
}

/** The contract's own table: shown until the list arrives, so the selects are never empty. */
export function fallbackCountries(locale: string): Country[] {
  return COUNTRIES.map((c) => ({
    code: c.code,
    name: locale === 'es' ? c.nameEs : c.nameEn,
    dialCode: c.dialCode,
    maxPhoneLength: c.maxPhoneLength,
  }));
}

export function countriesQueryOptions(locale: string) {
  return queryOptions({
    queryKey: queryKeys.countries(locale),
    queryFn: getCountries,
    // Reference data: it changes with a deployment, not while a page is open.
    staleTime: Infinity,
  });
}

export function useCountries(locale: string): Country[] {
  const { data } = useQuery(countriesQueryOptions(locale));
  return data ?? fallbackCountries(locale);
}

import 'server-only';
import { currentToken } from './session';
import { callV4, type V4Result } from './v4-client';
import type { ClinicDetail, ClinicListQueryInput, ClinicPage } from '../contracts/clinics';
import type { DiscoveryChanges } from '../contracts/discovery-changes';
import type { Favorites } from '../contracts/favorites';
import type { InsuranceCarrierList } from '../contracts/reference';
import type { NamedRef } from '../contracts/discovery';
import type { ProviderDetail, ProviderListQueryInput, ProviderPage } from '../contracts/providers';
import type { SitemapPage } from '../contracts/sitemap';
import type { Locale } from '../i18n/languages';

/*
 * Discovery data for server components, without HTTP to ourselves (STYLE.md habit 6): the
 * same /v4 calls the /api routes make. Each returns the V4Result so a page can tell a 404
 * (unknown or malformed id: render the spec's "not available in your region" page with
 * status 404) from other failures. Query values are the contracts' string inputs.
 */

type Query = Record<string, string | undefined>;

function stringQuery(query: object): Query {
  return Object.fromEntries(
    Object.entries(query).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]])),
  );
}

/** The provider page (profile, offices, insurance, latest reviews). `id` as it came in the URL. */
export function getProviderDetail(id: string, locale: Locale): Promise<V4Result<ProviderDetail>> {
  return callV4<ProviderDetail>('getProvider', { locale, params: { id } });
}

/** The clinic page (description, hours, offer, providers, latest reviews). */
export function getClinicDetail(id: string, locale: Locale): Promise<V4Result<ClinicDetail>> {
  return callV4<ClinicDetail>('getClinic', { locale, params: { id } });
}

/** GET /v4/providers with the listing's URL query (lat and lng required). */
export function getProviderList(query: ProviderListQueryInput, locale: Locale): Promise<V4Result<ProviderPage>> {
  return callV4<ProviderPage>('listProviders', { locale, query: stringQuery(query) });
}

export function getClinicList(query: ClinicListQueryInput, locale: Locale): Promise<V4Result<ClinicPage>> {
  return callV4<ClinicPage>('listClinics', { locale, query: stringQuery(query) });
}

/**
 * The logged-in user's favourites, or `undefined` when nobody is logged in. A 401 result means
 * the /v4 session is gone: send the browser to /api/session/expired as lib/bff/user.ts explains.
 */
export async function getFavorites(
  locale: Locale,
  center?: { lat: number; lng: number },
): Promise<V4Result<Favorites> | undefined> {
  const token = await currentToken();
  if (!token) return undefined;
  return callV4<Favorites>('listFavorites', {
    locale,
    token,
    query: center ? { lat: String(center.lat), lng: String(center.lng) } : undefined,
  });
}

export interface SearchFilterOptions {
  specialties: NamedRef[];
  visitReasons: NamedRef[];
  services: NamedRef[];
  insuranceCarriers: InsuranceCarrierList;
}

/** Every filter menu's options in one call (each list is small and rarely changes). */
export async function getSearchFilterOptions(locale: Locale): Promise<SearchFilterOptions | undefined> {
  const [specialties, visitReasons, services, insuranceCarriers] = await Promise.all([
    callV4<NamedRef[]>('specialties', { locale }),
    callV4<NamedRef[]>('visitReasons', { locale }),
    callV4<NamedRef[]>('services', { locale }),
    callV4<InsuranceCarrierList>('insuranceCarriers', { locale }),
  ]);
  if (!specialties.ok || !visitReasons.ok || !services.ok || !insuranceCarriers.ok) return undefined;
  return {
    specialties: specialties.data,
    visitReasons: visitReasons.data,
    services: services.data,
    insuranceCarriers: insuranceCarriers.data,
  };
}

/** One sitemap page of provider or clinic ids with their last change (sitemap.xml). */
export function getSitemapPage(
  kind: 'providers' | 'clinics',
  page: number,
  pageSize?: number,
): Promise<V4Result<SitemapPage>> {
  return callV4<SitemapPage>(kind === 'providers' ? 'sitemapProviders' : 'sitemapClinics', {
    locale: 'en',
    query: stringQuery({ page, pageSize }),
  });
}

/** Provider and clinic pages changed since `after` (no `after`: only the feed's current cursor). */
export function getDiscoveryChanges(after?: number): Promise<V4Result<DiscoveryChanges>> {
  return callV4<DiscoveryChanges>('discoveryChanges', { locale: 'en', query: stringQuery({ after }) });
}

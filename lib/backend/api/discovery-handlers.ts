import 'server-only';
import {
  MAX_SEARCH_TEXT_LENGTH,
  NOT_FOUND_MESSAGE_KEY,
  clinicListQuerySchema,
  discoveryChangesQuerySchema,
  favoritesQuerySchema,
  globalSearchHeadersSchema,
  globalSearchQuerySchema,
  parseEntityId,
  providerListQuerySchema,
  reviewListQuerySchema,
  sitemapQuerySchema,
  slotsQuerySchema,
} from '../../contracts/discovery';
import type { V4RouteId } from '../../contracts/routes';
import { charCount } from '../../contracts/validation';
import { ApiError } from '../errors';
import { v4Handler, type V4Handler } from '../http/handler';
import { headerText, parseHeaders, parseQuery } from '../../http/query';
import { authenticate } from '../services/auth-service';
import {
  clinicDetail,
  insuranceCarrierList,
  providerDetail,
  reviewPage,
  serviceList,
  sitemap,
  specialtyList,
  visitReasonList,
} from '../services/directory-service';
import { discoveryChanges } from '../services/discovery-changes-service';
import { addToFavorites, favoriteIds, favorites, removeFromFavorites } from '../services/favorites-service';
import { listClinics, listProviders } from '../services/listing-service';
import { globalSearch } from '../services/search-service';
import { providerSlots } from '../services/slots-service';

/** Provider and clinic ids of the wrong shape are as unknown as missing ones: 404 (SPEC.md section 8). */
function entityId(params: Record<string, string>): number {
  const id = parseEntityId(params.id);
  if (id === undefined) throw new ApiError('notFound', NOT_FOUND_MESSAGE_KEY);
  return id;
}

function searchInput(request: Request) {
  const query = parseQuery(request, globalSearchQuerySchema);
  const headers = parseHeaders(request, globalSearchHeadersSchema, ['searchText', 'latitude', 'longitude', 'country']);
  const searchText = headers.searchText !== undefined ? headerText(headers.searchText) : (query.searchText ?? '');
  if (charCount(searchText) > MAX_SEARCH_TEXT_LENGTH) {
    throw new ApiError('badRequest', 'api.badRequest', { fields: [{ path: 'searchText', message: 'validation.tooLong' }] });
  }
  const lat = headers.latitude ?? query.latitude;
  const lng = headers.longitude ?? query.longitude;
  if ((lat === undefined) !== (lng === undefined)) {
    const missing = lat === undefined ? 'latitude' : 'longitude';
    throw new ApiError('badRequest', 'api.badRequest', { fields: [{ path: missing, message: 'validation.required' }] });
  }
  return {
    query,
    searchText,
    center: lat !== undefined && lng !== undefined ? { lat, lng } : undefined,
    country: headers.country ?? query.country,
  };
}

type DiscoveryRouteId = Extract<
  V4RouteId,
  | 'globalSearch'
  | 'listProviders'
  | 'getProvider'
  | 'listProviderReviews'
  | 'getProviderSlots'
  | 'listClinics'
  | 'getClinic'
  | 'listClinicReviews'
  | 'listFavorites'
  | 'listFavoriteIds'
  | 'addFavoriteProvider'
  | 'removeFavoriteProvider'
  | 'addFavoriteClinic'
  | 'removeFavoriteClinic'
  | 'specialties'
  | 'visitReasons'
  | 'services'
  | 'insuranceCarriers'
  | 'sitemapProviders'
  | 'sitemapClinics'
  | 'discoveryChanges'
>;

/** Thin handlers of discovery (issue 3): contract in, one service call, DTO out. */
export const discoveryHandlers: Record<DiscoveryRouteId, V4Handler> = {
  // GET /v4/globalSearch - the typeahead; a token is only needed for favorite / userId
  globalSearch: v4Handler({
    handle: async ({ request, locale }) => {
      const input = searchInput(request);
      const token = request.headers.get('x-auth-token');
      const session = token || input.query.favorite || input.query.userId ? await authenticate(token) : undefined;
      if (input.query.userId && input.query.userId !== session?.userId) throw new ApiError('forbidden');
      return globalSearch(
        {
          searchText: input.searchText,
          center: input.center,
          country: input.country,
          favoritesOf: input.query.favorite ? session?.userId : undefined,
        },
        locale,
      );
    },
  }),
  // GET /v4/providers - providers near a point
  listProviders: v4Handler({
    handle: ({ request, locale }) => listProviders(parseQuery(request, providerListQuerySchema), locale),
  }),
  // GET /v4/providers/{id}
  getProvider: v4Handler({ handle: ({ params, locale }) => providerDetail(entityId(params), locale) }),
  // GET /v4/providers/{id}/reviews
  listProviderReviews: v4Handler({
    handle: ({ params, request }) => {
      const providerId = entityId(params);
      return reviewPage({ providerId }, parseQuery(request, reviewListQuerySchema));
    },
  }),
  // GET /v4/providers/{id}/slots
  getProviderSlots: v4Handler({
    handle: ({ params, request }) => {
      const providerId = entityId(params);
      return providerSlots(providerId, parseQuery(request, slotsQuerySchema));
    },
  }),
  // GET /v4/clinics - dental offices near a point
  listClinics: v4Handler({
    handle: ({ request, locale }) => listClinics(parseQuery(request, clinicListQuerySchema), locale),
  }),
  // GET /v4/clinics/{id}
  getClinic: v4Handler({ handle: ({ params, locale }) => clinicDetail(entityId(params), locale) }),
  // GET /v4/clinics/{id}/reviews
  listClinicReviews: v4Handler({
    handle: ({ params, request }) => {
      const officeId = entityId(params);
      return reviewPage({ officeId }, parseQuery(request, reviewListQuerySchema));
    },
  }),
  // GET /v4/favorites
  listFavorites: v4Handler({
    auth: true,
    handle: ({ auth, request, locale }) => {
      const query = parseQuery(request, favoritesQuerySchema);
      const center = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
      return favorites(auth, locale, center);
    },
  }),
  // GET /v4/favorites/ids
  listFavoriteIds: v4Handler({ auth: true, handle: ({ auth }) => favoriteIds(auth) }),
  // PUT /v4/favorites/providers/{id}
  addFavoriteProvider: v4Handler({ auth: true, handle: ({ auth, params }) => addToFavorites(auth, 'provider', entityId(params)) }),
  // DELETE /v4/favorites/providers/{id}
  removeFavoriteProvider: v4Handler({
    auth: true,
    handle: ({ auth, params }) => removeFromFavorites(auth, 'provider', entityId(params)),
  }),
  // PUT /v4/favorites/clinics/{id}
  addFavoriteClinic: v4Handler({ auth: true, handle: ({ auth, params }) => addToFavorites(auth, 'clinic', entityId(params)) }),
  // DELETE /v4/favorites/clinics/{id}
  removeFavoriteClinic: v4Handler({
    auth: true,
    handle: ({ auth, params }) => removeFromFavorites(auth, 'clinic', entityId(params)),
  }),
  // GET /v4/specialties
  specialties: v4Handler({ handle: ({ locale }) => specialtyList(locale) }),
  // GET /v4/visitReasons
  visitReasons: v4Handler({ handle: ({ locale }) => visitReasonList(locale) }),
  // GET /v4/services
  services: v4Handler({ handle: ({ locale }) => serviceList(locale) }),
  // GET /v4/insuranceCarriers
  insuranceCarriers: v4Handler({ handle: () => insuranceCarrierList() }),
  // GET /v4/sitemap/providers
  sitemapProviders: v4Handler({
    handle: ({ request }) => sitemap('providers', parseQuery(request, sitemapQuerySchema)),
  }),
  // GET /v4/sitemap/clinics
  sitemapClinics: v4Handler({ handle: ({ request }) => sitemap('clinics', parseQuery(request, sitemapQuerySchema)) }),
  // GET /v4/discoveryChanges - read by the page server to revalidate cached pages
  discoveryChanges: v4Handler({
    handle: ({ request }) => discoveryChanges(parseQuery(request, discoveryChangesQuerySchema)),
  }),
};

import 'server-only';
import { entityId } from '../entity-not-found';
import { v4Handler } from '../api/v4-handler';
import { addToFavorites, favoriteIds, favorites, removeFromFavorites } from './favorites-service';

/** Thin /v4 handlers of the patient's favourite providers and clinics. */
export const favoriteHandlers = {
  // GET /v4/favorites
  listFavorites: v4Handler('listFavorites', ({ auth, query, locale }) => {
    const center = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
    return favorites(auth, locale, center);
  }),
  // GET /v4/favorites/ids
  listFavoriteIds: v4Handler('listFavoriteIds', ({ auth }) => favoriteIds(auth)),
  // PUT /v4/favorites/providers/{id}
  addFavoriteProvider: v4Handler('addFavoriteProvider', ({ auth, params }) =>
    addToFavorites(auth, 'provider', entityId(params)),
  ),
  // DELETE /v4/favorites/providers/{id}
  removeFavoriteProvider: v4Handler('removeFavoriteProvider', ({ auth, params }) =>
    removeFromFavorites(auth, 'provider', entityId(params)),
  ),
  // PUT /v4/favorites/clinics/{id}
  addFavoriteClinic: v4Handler('addFavoriteClinic', ({ auth, params }) =>
    addToFavorites(auth, 'clinic', entityId(params)),
  ),
  // DELETE /v4/favorites/clinics/{id}
  removeFavoriteClinic: v4Handler('removeFavoriteClinic', ({ auth, params }) =>
    removeFromFavorites(auth, 'clinic', entityId(params)),
  ),
};

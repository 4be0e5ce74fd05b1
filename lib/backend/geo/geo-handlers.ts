import 'server-only';
import { ApiError } from '../errors';
import { v4Handler, type V4Context } from '../api/v4-handler';
import { autocompletePlaces, geocodePlace, reverseGeocodePlace } from './geo-service';

/** Answers are the same for everyone and change only with a deployment (or the maps provider). */
const CACHE_CONTROL = 'public, max-age=3600';

type GeoRouteId = 'geoAutocomplete' | 'geoGeocode' | 'geoReverse';

/**
 * A public geo call: the query parsed with its route's contract (bad input names the location
 * search in the message, since that is the only thing a visitor typed), one service call,
 * cacheable JSON.
 */
function geoHandler<Id extends GeoRouteId>(id: Id, answer: (query: V4Context<Id>['query']) => Promise<unknown>) {
  return v4Handler(id, async (ctx) => {
    let query: V4Context<Id>['query'];
    try {
      query = ctx.query;
    } catch (error) {
      if (error instanceof ApiError) throw new ApiError('badRequest', 'geo.invalidRequest', error.extra);
      throw error;
    }
    return Response.json(await answer(query), { headers: { 'cache-control': CACHE_CONTROL } });
  });
}

export const geoHandlers = {
  // GET /v4/geo/autocomplete?q=&locale=&lat=&lng=
  geoAutocomplete: geoHandler('geoAutocomplete', autocompletePlaces),
  // GET /v4/geo/geocode?id=&locale= (or ?q=)
  geoGeocode: geoHandler('geoGeocode', geocodePlace),
  // GET /v4/geo/reverse?lat=&lng=&locale=
  geoReverse: geoHandler('geoReverse', reverseGeocodePlace),
};

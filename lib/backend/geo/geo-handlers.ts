import 'server-only';
import type { z } from 'zod';
import { geoAutocompleteQuerySchema, geoGeocodeQuerySchema, geoReverseQuerySchema } from '../../contracts/geo';
import { ApiError } from '../errors';
import { v4Handler } from '../http/handler';
import { parseQuery } from '../../http/query';
import { autocompletePlaces, geocodePlace, reverseGeocodePlace } from './geo-service';

/** Answers are the same for everyone and change only with a deployment (or the maps provider). */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * A public geo call: the query parsed with its contract (bad input names the location search in
 * the message, since that is the only thing a visitor typed), one service call, cacheable JSON.
 */
function geoHandler<T extends z.ZodType>(schema: T, answer: (query: z.output<T>) => Promise<unknown>) {
  return v4Handler({
    handle: async ({ request }) => {
      let query: z.output<T>;
      try {
        query = parseQuery(request, schema);
      } catch (error) {
        if (error instanceof ApiError) throw new ApiError('badRequest', 'geo.invalidRequest', error.extra);
        throw error;
      }
      return Response.json(await answer(query), { headers: { 'cache-control': CACHE_CONTROL } });
    },
  });
}

export const geoHandlers = {
  // GET /v4/geo/autocomplete?q=&locale=&lat=&lng=
  geoAutocomplete: geoHandler(geoAutocompleteQuerySchema, autocompletePlaces),
  // GET /v4/geo/geocode?id=&locale= (or ?q=)
  geoGeocode: geoHandler(geoGeocodeQuerySchema, geocodePlace),
  // GET /v4/geo/reverse?lat=&lng=&locale=
  geoReverse: geoHandler(geoReverseQuerySchema, reverseGeocodePlace),
};

import 'server-only';
import { mapsProvider } from '../adapters/maps/maps-adapter';
import type {
  GeoAutocompleteQuery,
  GeoAutocompleteResponse,
  GeoGeocodeQuery,
  GeoPlace,
  GeoPlaceResponse,
  GeoReverseQuery,
} from '../../contracts/geo';

/**
 * What the /api/geo handlers answer, callable from server components too (STYLE.md habit 6).
 * Statuses mirror the maps service's, so the UI follows SPEC.md section 4 literally: suggestions
 * show only on OK with results, and a chosen place is used only on OK.
 */

function placeResponse(place: GeoPlace | null): GeoPlaceResponse {
  return place ? { status: 'OK', place } : { status: 'ZERO_RESULTS', place: null };
}

export async function autocompletePlaces({
  q,
  locale,
  lat,
  lng,
}: GeoAutocompleteQuery): Promise<GeoAutocompleteResponse> {
  const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
  const predictions = await mapsProvider().autocomplete(q, locale, near);
  return { status: predictions.length > 0 ? 'OK' : 'ZERO_RESULTS', predictions };
}

export async function geocodePlace({ id, q, locale }: GeoGeocodeQuery): Promise<GeoPlaceResponse> {
  const query = id !== undefined ? { id } : { text: q ?? '' };
  return placeResponse(await mapsProvider().geocode(query, locale));
}

export async function reverseGeocodePlace({ lat, lng, locale }: GeoReverseQuery): Promise<GeoPlaceResponse> {
  return placeResponse(await mapsProvider().reverseGeocode({ lat, lng }, locale));
}

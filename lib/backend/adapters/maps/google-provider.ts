import 'server-only';
import { z } from 'zod';
import { GEO_SUGGESTION_LIMIT, type GeoPlace, type PlaceSuggestion } from '../../../contracts/geo';
import { embeddedMapsProvider } from './embedded-provider';
import type { MapsProvider } from './maps-provider';

/**
 * Google web services, used only when NEXT_PUBLIC_GOOGLE_MAPS_API_KEY is set (never in tests:
 * this machine has no internet). The key must allow server-side use of the Places API (New)
 * and the Geocoding API; a key restricted to browser referrers is refused by Google.
 * The country of coordinates stays offline (country-coder): it needs no call at all.
 */

const AUTOCOMPLETE_URL = 'https://places.googleapis.com/v1/places:autocomplete';
const GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
const TIMEOUT_MS = 5000;
/** The largest bias circle the Places API accepts. */
const BIAS_RADIUS_M = 50_000;

const textSchema = z.object({ text: z.string() });
const autocompleteSchema = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string(),
            text: textSchema,
            structuredFormat: z.object({ mainText: textSchema, secondaryText: textSchema.optional() }).optional(),
            types: z.array(z.string()).default([]),
          })
          .optional(),
      }),
    )
    .default([]),
});

const componentSchema = z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) });
const geocodeSchema = z.object({
  status: z.string(),
  results: z
    .array(
      z.object({
        place_id: z.string(),
        formatted_address: z.string(),
        geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
        address_components: z.array(componentSchema),
      }),
    )
    .default([]),
});

export class GoogleMapsError extends Error {}

async function call<T extends z.ZodType>(url: string, schema: T, init: RequestInit = {}): Promise<z.output<T>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), cache: 'no-store' });
  if (!response.ok) throw new GoogleMapsError(`Google Maps answered ${response.status}`);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw new GoogleMapsError('Google Maps answered an unexpected shape');
  return parsed.data;
}

function kindOf(types: string[]): PlaceSuggestion['kind'] {
  if (types.includes('postal_code')) return 'postalCode';
  if (types.includes('locality') || types.includes('postal_town')) return 'city';
  if (types.some((t) => t.startsWith('administrative_area') || t === 'country')) return 'region';
  return 'address';
}

function toPlace(result: z.output<typeof geocodeSchema>['results'][number]): GeoPlace {
  const part = (type: string, short = false) => {
    const found = result.address_components.find((c) => c.types.includes(type));
    return found ? (short ? found.short_name : found.long_name) : null;
  };
  const country = part('country', true);
  return {
    id: result.place_id,
    latitude: result.geometry.location.lat,
    longitude: result.geometry.location.lng,
    formattedAddress: result.formatted_address,
    city: part('locality') ?? part('postal_town') ?? part('sublocality') ?? part('administrative_area_level_3'),
    state: part('administrative_area_level_1', true),
    country: country && country.length === 2 ? country : null,
    countryName: part('country'),
    postalcode: part('postal_code'),
  };
}

export function createGoogleMapsProvider(apiKey: string): MapsProvider {
  async function geocode(params: Record<string, string>): Promise<GeoPlace | null> {
    const url = `${GEOCODE_URL}?${new URLSearchParams({ ...params, key: apiKey })}`;
    const data = await call(url, geocodeSchema);
    if (data.status === 'ZERO_RESULTS') return null;
    if (data.status !== 'OK') throw new GoogleMapsError(`Google Geocoding status ${data.status}`);
    const first = data.results[0];
    return first ? toPlace(first) : null;
  }

  return {
    name: 'google',

    async autocomplete(text, locale, near) {
      const data = await call(AUTOCOMPLETE_URL, autocompleteSchema, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': apiKey },
        body: JSON.stringify({
          input: text,
          languageCode: locale,
          ...(near
            ? {
                locationBias: {
                  circle: { center: { latitude: near.lat, longitude: near.lng }, radius: BIAS_RADIUS_M },
                },
              }
            : {}),
        }),
      });
      return data.suggestions
        .flatMap((s) => (s.placePrediction ? [s.placePrediction] : []))
        .slice(0, GEO_SUGGESTION_LIMIT)
        .map((p) => ({
          id: p.placeId,
          kind: kindOf(p.types),
          mainText: p.structuredFormat?.mainText.text ?? p.text.text,
          secondaryText: p.structuredFormat?.secondaryText?.text ?? '',
          description: p.text.text,
        }));
    },

    geocode(query, locale) {
      return geocode(
        'id' in query ? { place_id: query.id, language: locale } : { address: query.text, language: locale },
      );
    },

    async reverseGeocode(point, locale) {
      const place = await geocode({ latlng: `${point.lat},${point.lng}`, language: locale });
      // The position asked about, not the centre of the address found for it.
      return place ? { ...place, latitude: point.lat, longitude: point.lng } : null;
    },

    countryAt: (point) => embeddedMapsProvider.countryAt(point),
  };
}

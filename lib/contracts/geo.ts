import { z } from 'zod';
import './zod-config';
import { LOCALES } from '../i18n/languages';
import { GEO_PLACE_ID_MAX_LENGTH, GEO_QUERY_MAX_LENGTH } from './geo-limits';
import { bothOrNeither, pairNote } from './pair-rule';
import { latitudeParam, longitudeParam } from './coordinates';

/**
 * Contracts of the location endpoints under /api/geo (SPEC.md sections 3 "Location", 4
 * "Location detection", 7 third-party maps calls). The maps service is a third party, so these
 * are not /v4 calls: the BFF answers them from lib/maps. Query strings arrive as text, hence the
 * strict number parsing (no `Number('')` = 0, no exponents, bounded length).
 */

export { GEO_PLACE_ID_MAX_LENGTH, GEO_QUERY_MAX_LENGTH };
export const GEO_SUGGESTION_LIMIT = 8;

/** Mirrors the maps service's statuses: the UI shows suggestions and accepts a place only on OK (section 4). */
export const GEO_STATUSES = ['OK', 'ZERO_RESULTS'] as const;
export const geoStatusSchema = z.enum(GEO_STATUSES);

/** A position in degrees (WGS 84). */
export interface LatLng {
  lat: number;
  lng: number;
}

export { latitudeParam, longitudeParam };
export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);

const localeParam = z.enum(LOCALES).default('en');

const geoText = z.string().trim().min(1, 'validation.required').max(GEO_QUERY_MAX_LENGTH, 'validation.tooLong');

/** Ids are the provider's own (embedded `city:…`, `zip:…`; Google place ids are URL-safe base64). */
export const placeIdSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(GEO_PLACE_ID_MAX_LENGTH, 'validation.tooLong')
  .regex(/^[A-Za-z0-9:_.-]+$/, 'validation.invalid');

// GET /api/geo/autocomplete?q=&locale=&lat=&lng= (lat and lng together bias results towards them)
export const geoAutocompleteQuerySchema = z
  .object({
    q: geoText,
    locale: localeParam,
    lat: latitudeParam.describe(`Bias towards this latitude. ${pairNote('lng')}`).optional(),
    lng: longitudeParam.describe(`Bias towards this longitude. ${pairNote('lat')}`).optional(),
  })
  .superRefine(bothOrNeither('lat', 'lng'));
export type GeoAutocompleteQuery = z.output<typeof geoAutocompleteQuerySchema>;

// GET /api/geo/geocode?id=&locale= or ?q=&locale=
export const geoGeocodeQuerySchema = z
  .object({
    id: placeIdSchema
      .describe('A suggestion id from /v4/geo/autocomplete. Send exactly one of `id` and `q`.')
      .optional(),
    q: geoText.describe('Free text to geocode (the best match). Send exactly one of `id` and `q`.').optional(),
    locale: localeParam,
  })
  .refine((v) => (v.id === undefined) !== (v.q === undefined), { message: 'validation.required', path: ['id'] });
export type GeoGeocodeQuery = z.output<typeof geoGeocodeQuerySchema>;

// GET /api/geo/reverse?lat=&lng=&locale=
export const geoReverseQuerySchema = z.object({ lat: latitudeParam, lng: longitudeParam, locale: localeParam });
export type GeoReverseQuery = z.output<typeof geoReverseQuerySchema>;

export const PLACE_KINDS = ['city', 'postalCode', 'address', 'region'] as const;

/** One row of the suggestion tray. */
export const placeSuggestionSchema = z.object({
  id: placeIdSchema,
  kind: z.enum(PLACE_KINDS),
  /** Bold part of the row, e.g. "Austin" or "10001". */
  mainText: z.string(),
  /** The rest, e.g. "TX, USA". */
  secondaryText: z.string(),
  /** The whole line, e.g. "Austin, TX, USA". */
  description: z.string(),
});
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

/** SPEC.md section 3 "Location": coordinates, a formatted address and its parsed parts. */
export const geoPlaceSchema = z.object({
  id: placeIdSchema.nullable(),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  formattedAddress: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** ISO 3166-1 alpha-2, as the /v4 `country` header expects. */
  country: z.string().length(2).nullable(),
  /** The country's name in the request's language. */
  countryName: z.string().nullable(),
  postalcode: z.string().nullable(),
});
export type GeoPlace = z.infer<typeof geoPlaceSchema>;

export const geoAutocompleteResponseSchema = z.object({
  status: geoStatusSchema,
  predictions: z.array(placeSuggestionSchema).max(GEO_SUGGESTION_LIMIT),
});
export type GeoAutocompleteResponse = z.infer<typeof geoAutocompleteResponseSchema>;

/** Geocode and reverse geocode both answer one place, or none with ZERO_RESULTS. */
export const geoPlaceResponseSchema = z.object({ status: geoStatusSchema, place: geoPlaceSchema.nullable() });
export type GeoPlaceResponse = z.infer<typeof geoPlaceResponseSchema>;

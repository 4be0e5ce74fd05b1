import { z } from 'zod';
import './zod-config';
import { bothOrNeither, pairNote } from './pair-rule';
import {
  MAX_SEARCH_TEXT_LENGTH,
  booleanParam,
  countryText,
  latitudeParam,
  longitudeParam,
  namedRefSchema,
  shortText,
} from './discovery';

/** Global search contracts: GET /v4/globalSearch and the BFF search body. */

// ---- Global search ----

/**
 * GET /v4/globalSearch (SPEC.md section 7): query userId, favorite; headers searchText,
 * latitude, longitude, country. searchText may be sent percent-encoded (encodeURIComponent)
 * since header values are Latin-1; it is also accepted as a query parameter.
 */
export const globalSearchQuerySchema = z.strictObject({
  /** Must be the logged-in user's id when given (x-auth-token required). */
  userId: z.uuid({ error: 'validation.invalid' }).optional(),
  /** true: only the logged-in user's favourite providers and clinics (x-auth-token required). */
  favorite: booleanParam.optional(),
  searchText: shortText(MAX_SEARCH_TEXT_LENGTH)
    .describe('The text typed; the header of the same name wins when both are sent.')
    .optional(),
  latitude: latitudeParam.describe(`Latitude in degrees. ${pairNote('longitude')} The header wins.`).optional(),
  longitude: longitudeParam.describe(`Longitude in degrees. ${pairNote('latitude')} The header wins.`).optional(),
  country: countryText.optional(),
});

export const globalSearchHeadersSchema = z.object({
  searchText: z
    .string()
    .describe(
      `The text typed, at most ${MAX_SEARCH_TEXT_LENGTH} characters once decoded; percent-encode it (encodeURIComponent) beyond Latin-1.`,
    )
    .optional(),
  latitude: latitudeParam.describe(`Latitude in degrees. ${pairNote('longitude')}`).optional(),
  longitude: longitudeParam.describe(`Longitude in degrees. ${pairNote('latitude')}`).optional(),
  /** ISO code (US) or a country name of the spec's list (USA, Spain, España, ...); others are ignored. */
  country: countryText.optional(),
});

export const searchProviderSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  title: z.string(),
  photoUrl: z.string().nullable(),
  specialty: z.string().nullable(),
  officeName: z.string().nullable(),
  city: z.string().nullable(),
  distanceMiles: z.number().nullable(),
});

export const searchClinicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  countryCode: z.string(),
  distanceMiles: z.number().nullable(),
});

export const globalSearchResponseSchema = z.object({
  clinics: z.array(searchClinicSchema),
  /** Visit reasons. */
  dentalConditions: z.array(namedRefSchema),
  providers: z.array(searchProviderSchema),
  services: z.array(namedRefSchema),
  speciality: z.array(namedRefSchema),
});
export type GlobalSearchResponse = z.infer<typeof globalSearchResponseSchema>;

/**
 * GET /api/search (the BFF's typeahead for the browser): the same search with everything in
 * the query string; the BFF sends /v4 the spec's headers.
 */
export const searchRequestSchema = z
  .strictObject({
    searchText: shortText(MAX_SEARCH_TEXT_LENGTH),
    lat: latitudeParam.optional(),
    lng: longitudeParam.optional(),
    country: countryText.optional(),
    /** true: only the logged-in user's favourites (401 when logged out). */
    favorite: booleanParam.optional(),
  })
  .superRefine(bothOrNeither('lat', 'lng'));

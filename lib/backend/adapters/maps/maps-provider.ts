import 'server-only';
import type { GeoPlace, LatLng, PlaceSuggestion } from '../../../contracts/geo';
import type { Locale } from '../../../i18n/languages';

export type { LatLng };

/**
 * The maps adapter (lib/docs/architecture.md "Real parts and their embedded defaults"): the embedded gazetteer by default, Google
 * when a key is configured. Providers reshape their own data into the contract's types, so
 * callers never see a provider's field names (after vercel/commerce's `lib/shopify`).
 */
export interface MapsProvider {
  readonly name: 'embedded' | 'google';
  /** Suggestions for what the user typed, in the page's language, optionally biased towards `near`. */
  autocomplete(text: string, locale: Locale, near?: LatLng): Promise<PlaceSuggestion[]>;
  /** A suggestion's id, or free text (the best match); null when nothing matches. */
  geocode(query: { id: string } | { text: string }, locale: Locale): Promise<GeoPlace | null>;
  /** A readable address for coordinates; null where there is nothing (open sea). */
  reverseGeocode(point: LatLng, locale: Locale): Promise<GeoPlace | null>;
  /** ISO 3166-1 alpha-2 code of the country at the coordinates, or null. */
  countryAt(point: LatLng): Promise<string | null>;
}

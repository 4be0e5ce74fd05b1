import 'server-only';
import { GEO_SUGGESTION_LIMIT, type GeoPlace, type PlaceSuggestion } from '../../../contracts/geo';
import {
  loadGazetteer,
  nearestPlace,
  placesByNamePrefix,
  qualifiersOf,
  zipsByPrefix,
  ZIP_COUNTRIES,
  type GazetteerPlace,
} from './gazetteer';
import { countryName, joinAddress } from './place-format';
import { foldText, haversineKm, zipPrefixOf } from './text';
import type { LatLng, MapsProvider } from './maps-provider';
import type { Locale } from '../../../i18n/languages';

/** A position within this distance of a ZIP code's centre takes that ZIP code's town and code. */
const ZIP_RADIUS_KM = 40;
/** Beyond this, a position gets only its country: naming a city 200 km away would mislead. */
const CITY_RADIUS_KM = 150;
/** Offshore positions, or a territory the city list files under another country: the nearest city if this close. */
const COAST_RADIUS_KM = 25;
/** How far the "near" bias reaches: a town 250 km away gets about a third of the bonus. */
const NEAR_SCALE_KM = 250;
const NEAR_BONUS = 2.5;
const EXACT_NAME_BONUS = 1;
const EXCEPTIONALLY_RESERVED = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'FX', 'IC', 'TA']);

function displayName(place: GazetteerPlace, locale: Locale): string {
  return locale === 'es' && place.nameEs ? place.nameEs : place.name;
}

function toGeoPlace(place: GazetteerPlace, locale: Locale, at?: LatLng): GeoPlace {
  const city = displayName(place, locale);
  const country = countryName(place.country, locale);
  return {
    id: place.id,
    latitude: at?.lat ?? place.lat,
    longitude: at?.lng ?? place.lng,
    formattedAddress: joinAddress({ city, state: place.state, postalcode: place.postalcode, country }),
    city,
    state: place.state,
    country: place.country,
    countryName: country,
    postalcode: place.postalcode,
  };
}

function toSuggestion(place: GazetteerPlace, locale: Locale): PlaceSuggestion {
  const city = displayName(place, locale);
  const country = countryName(place.country, locale);
  const description = joinAddress({ city, state: place.state, postalcode: place.postalcode, country });
  if (place.kind === 'postalCode') {
    return {
      id: place.id,
      kind: 'postalCode',
      mainText: place.postalcode!,
      secondaryText: joinAddress({ city, state: place.state, country }),
      description,
    };
  }
  const region = place.state && place.state !== city && place.state !== country ? place.state : null;
  return {
    id: place.id,
    kind: 'city',
    mainText: city,
    secondaryText: [region, country].filter(Boolean).join(', '),
    description,
  };
}

/**
 * Tries the whole query as a name first; when nothing is named that, the trailing words
 * become qualifiers ("austin tx" = a place named "austin" in a region or country matching "tx").
 */
function searchNames(g: Awaited<ReturnType<typeof loadGazetteer>>, words: string[], near?: LatLng) {
  const scored = new Map<GazetteerPlace, number>();
  for (let split = words.length; split >= 1 && scored.size === 0; split -= 1) {
    const head = words.slice(0, split).join(' ');
    const qualifiers = words.slice(split);
    placesByNamePrefix(g, head, (place, key) => {
      if (qualifiers.length > 0) {
        // The head is followed by more words, so it is a complete name, not a prefix.
        if (key !== head && !key.startsWith(`${head} `)) return;
        const known = qualifiersOf(place);
        if (!qualifiers.every((word) => known.includes(` ${word}`))) return;
      }
      let score = place.weight + (key === head ? EXACT_NAME_BONUS : 0);
      if (near) score += NEAR_BONUS * Math.exp(-haversineKm(near.lat, near.lng, place.lat, place.lng) / NEAR_SCALE_KM);
      const previous = scored.get(place);
      if (previous === undefined || score > previous) scored.set(place, score);
    });
  }
  return [...scored].sort((a, b) => b[1] - a[1]).map(([place]) => place);
}

let countryCoder: Promise<typeof import('@rapideditor/country-coder')> | undefined;

export const embeddedMapsProvider: MapsProvider = {
  name: 'embedded',

  async autocomplete(text, locale, near) {
    const g = await loadGazetteer();
    const zip = zipPrefixOf(text);
    if (zip) return zipsByPrefix(g, zip, GEO_SUGGESTION_LIMIT).map((place) => toSuggestion(place, locale));

    const words = foldText(text).split(' ').filter(Boolean);
    if (words.length === 0) return [];
    const suggestions: PlaceSuggestion[] = [];
    const seen = new Set<string>();
    for (const place of searchNames(g, words, near)) {
      const suggestion = toSuggestion(place, locale);
      // Two entries can read the same ("Springfield, IL, USA" from both lists): show one.
      if (seen.has(suggestion.description)) continue;
      seen.add(suggestion.description);
      suggestions.push(suggestion);
      if (suggestions.length === GEO_SUGGESTION_LIMIT) break;
    }
    return suggestions;
  },

  async geocode(query, locale) {
    const g = await loadGazetteer();
    if ('id' in query) {
      const place = g.byId.get(query.id);
      return place ? toGeoPlace(place, locale) : null;
    }
    const zip = zipPrefixOf(query.text);
    if (zip && zip.length === 5) {
      const place = g.byId.get(`zip:${zip}`);
      return place ? toGeoPlace(place, locale) : null;
    }
    const words = foldText(query.text).split(' ').filter(Boolean);
    const [best] = words.length > 0 ? searchNames(g, words) : [];
    return best ? toGeoPlace(best, locale) : null;
  },

  async reverseGeocode(point, locale) {
    const [g, country] = await Promise.all([loadGazetteer(), embeddedMapsProvider.countryAt(point)]);
    const { lat, lng } = point;
    if (country && ZIP_COUNTRIES.has(country)) {
      const zip = nearestPlace(g.zipGrid, g.zips, lat, lng, ZIP_RADIUS_KM);
      if (zip) return toGeoPlace(zip.place, locale, point);
    }
    // Prefer a city of the same country: near a border the nearest one may be across it.
    const city =
      (country && nearestPlace(g.cityGrid, g.places, lat, lng, CITY_RADIUS_KM, (p) => p.country === country)) ||
      nearestPlace(g.cityGrid, g.places, lat, lng, COAST_RADIUS_KM);
    if (city) return toGeoPlace(city.place, locale, point);
    if (!country) return null;
    const name = countryName(country, locale);
    return {
      id: null,
      latitude: lat,
      longitude: lng,
      formattedAddress: name,
      city: null,
      state: null,
      country,
      countryName: name,
      postalcode: null,
    };
  },

  async countryAt({ lat, lng }) {
    countryCoder ??= import('@rapideditor/country-coder');
    const coder = await countryCoder;
    // Territory level: Puerto Rico is PR and Greenland GL, as ISO 3166-1 and their residents
    // write them; the few "exceptionally reserved" codes (Ceuta and Melilla, EA) fall back to
    // their country, since nothing downstream knows them.
    const territory = coder.iso1A2Code([lng, lat], { level: 'territory' });
    return territory && EXCEPTIONALLY_RESERVED.has(territory) ? coder.iso1A2Code([lng, lat]) : territory;
  },
};

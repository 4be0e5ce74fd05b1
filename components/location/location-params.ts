import type { LatLng } from '@/lib/contracts/geo';

/**
 * The wrapper's query parameters (SPEC.md section 2: "lat and lng"). Six decimals are about
 * 10 cm: more would only lengthen shared links.
 */
export const LAT_PARAM = 'lat';
export const LNG_PARAM = 'lng';

export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function roundLatLng({ lat, lng }: LatLng): LatLng {
  return { lat: roundCoordinate(lat), lng: roundCoordinate(lng) };
}

export function sameLatLng(a: LatLng | null | undefined, b: LatLng | null | undefined): boolean {
  if (!a || !b) return a === b;
  return roundCoordinate(a.lat) === roundCoordinate(b.lat) && roundCoordinate(a.lng) === roundCoordinate(b.lng);
}

const DECIMAL = /^[+-]?\d{1,3}(\.\d{1,15})?$/;

/**
 * The same rule as the contracts' latitudeParam and longitudeParam (lib/contracts/geo.ts),
 * written out because the wrapper is in every page's first load and zod is not (the page's
 * JavaScript budget).
 */
function coordinate(text: string | null, limit: number): number | undefined {
  const trimmed = (text ?? '').trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= -limit && value <= limit ? value : undefined;
}

/** lat and lng from a query string, both valid or neither (a lone or broken one counts as absent). */
export function latLngFromParams(params: { get(name: string): string | null }): LatLng | null {
  const lat = coordinate(params.get(LAT_PARAM), 90);
  const lng = coordinate(params.get(LNG_PARAM), 180);
  return lat !== undefined && lng !== undefined ? roundLatLng({ lat, lng }) : null;
}

/** The same query string with lat and lng set, every other parameter kept in place. */
export function withLatLng(search: string, coords: LatLng): string {
  const params = new URLSearchParams(search);
  const { lat, lng } = roundLatLng(coords);
  params.set(LAT_PARAM, String(lat));
  params.set(LNG_PARAM, String(lng));
  return `?${params}`;
}

/**
 * Pages the wrapper leaves alone (SPEC.md section 2: terms, privacy, login, a few auth pages
 * and chat; the other static legal pages are alike). Paths without the /es prefix.
 */
const EXEMPT_PATHS = [
  '/terms-and-conditions',
  '/privacy-policy',
  '/useragreement',
  '/hippa',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset',
  '/chat',
  '/dev',
];

/**
 * Pages a location drives: the search listing, whose results are "near" a place. There the
 * wrapper asks the browser on load and, without an answer, opens its dialog with the place
 * search; the dialog can be closed, and the page then says how to set a location.
 */
const ASK_ON_LOAD_PATHS = ['/search-listing'];

/**
 * Public landing pages where a location is welcome but not needed (the home page and featured
 * search, whose nearby lists wait for a place): the wrapper follows and writes lat and lng, but
 * asks the browser only when a person asks (the "Use my location" button) or when the site
 * already has the permission, so no prompt opens on load (Lighthouse's `geolocation-on-start`;
 * lib/docs/decisions/location-on-gesture.md). The dialog opens only when a position the person
 * asked for cannot be had.
 */
const ON_GESTURE_PATHS = ['/featured-search'];

function matches(pathname: string, paths: readonly string[]): boolean {
  const bare = pathname.replace(/^\/es(?=\/|$)/, '') || '/';
  return paths.some((path) => bare === path || bare.startsWith(`${path}/`));
}

export function isLocationExemptPath(pathname: string): boolean {
  return matches(pathname, EXEMPT_PATHS);
}

/**
 * Every other page: the wrapper asks for nothing by itself and never opens its dialog (a
 * booking with its slot chosen, appointments, the account, favourites, provider and clinic pages
 * need no position from the visitor; lib/docs/decisions/location-where-it-matters.md). A lat and
 * lng in the URL, or the remembered place, are still read, and a component may ask when a person
 * asks.
 */
export function isLocationLazyPath(pathname: string): boolean {
  return !isLocationExemptPath(pathname) && !isLocationOnGesturePath(pathname) && !matches(pathname, ASK_ON_LOAD_PATHS);
}

export function isLocationOnGesturePath(pathname: string): boolean {
  const bare = pathname.replace(/^\/es(?=\/|$)/, '') || '/';
  return bare === '/' || matches(pathname, ON_GESTURE_PATHS);
}

/**
 * The place a visitor chose (or the browser gave), remembered across reloads and visits so the
 * server renders the nearby list and the results with it when a URL has no lat and lng. A plain
 * cookie, readable by the wrapper; it holds two rounded numbers and nothing else.
 */
export const LOCATION_COOKIE = 'chosen_location';
const LOCATION_COOKIE_MAX_AGE = 60 * 60 * 24 * 180;

export function locationCookieValue(coords: LatLng): string {
  const { lat, lng } = roundLatLng(coords);
  return `${lat},${lng}`;
}

/** The cookie's value as coordinates, or null when absent or not two valid numbers. */
export function latLngFromCookie(value: string | undefined | null): LatLng | null {
  const [lat, lng, ...rest] = decodeURIComponent(value ?? '').split(',');
  if (rest.length > 0) return null;
  return latLngFromParams({
    get: (name) => (name === LAT_PARAM ? (lat ?? null) : name === LNG_PARAM ? (lng ?? null) : null),
  });
}

/** The Set-Cookie text the wrapper writes with document.cookie. */
export function locationCookie(coords: LatLng, secure: boolean): string {
  return `${LOCATION_COOKIE}=${locationCookieValue(coords)}; path=/; max-age=${LOCATION_COOKIE_MAX_AGE}; samesite=lax${secure ? '; secure' : ''}`;
}

/** Reads the remembered place from a document.cookie string. */
export function latLngFromCookieHeader(header: string): LatLng | null {
  const match = new RegExp(`(?:^|;\\s*)${LOCATION_COOKIE}=([^;]*)`).exec(header);
  return match ? latLngFromCookie(match[1]) : null;
}

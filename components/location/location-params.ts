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
 * written out because the wrapper is in every page's first load and zod is not (issue 3's
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
 * Pages where the wrapper asks for nothing by itself: the provider and clinic pages. Visitors
 * arrive there from search engines and must read the page unhindered, and asking for the
 * position on page load is what Lighthouse's best-practices audit flags (README "Decisions").
 * A lat and lng in the URL are still read; the position is asked only when a person asks.
 * "List your practice" too: a practice owner's form needs no patient position (issue 14).
 */
const LAZY_PATHS = ['/provider-details', '/clinic-details', '/list-your-practice'];

/**
 * Public landing pages where a location is welcome but not needed (the home page and featured
 * search, whose nearby lists wait for a place): the wrapper follows and writes lat and lng, but
 * asks the browser only when a person asks (the "Use my location" button) or when the site
 * already has the permission, so no prompt opens on load (issue 10, Lighthouse's
 * `geolocation-on-start`; lib/docs/decisions/location-on-gesture.md). The blocking dialog opens
 * only when a position the person asked for cannot be had.
 */
const ON_GESTURE_PATHS = ['/featured-search'];

function matches(pathname: string, paths: readonly string[]): boolean {
  const bare = pathname.replace(/^\/es(?=\/|$)/, '') || '/';
  return paths.some((path) => bare === path || bare.startsWith(`${path}/`));
}

export function isLocationExemptPath(pathname: string): boolean {
  return matches(pathname, EXEMPT_PATHS);
}

export function isLocationLazyPath(pathname: string): boolean {
  return matches(pathname, LAZY_PATHS);
}

export function isLocationOnGesturePath(pathname: string): boolean {
  const bare = pathname.replace(/^\/es(?=\/|$)/, '') || '/';
  return bare === '/' || matches(pathname, ON_GESTURE_PATHS);
}

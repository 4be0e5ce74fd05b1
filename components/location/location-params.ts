import { latitudeParam, longitudeParam, type LatLng } from '@/lib/contracts/geo';

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

/** lat and lng from a query string, both valid or neither (a lone or broken one counts as absent). */
export function latLngFromParams(params: { get(name: string): string | null }): LatLng | null {
  const lat = latitudeParam.safeParse(params.get(LAT_PARAM) ?? '');
  const lng = longitudeParam.safeParse(params.get(LNG_PARAM) ?? '');
  return lat.success && lng.success ? roundLatLng({ lat: lat.data, lng: lng.data }) : null;
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

export function isLocationExemptPath(pathname: string): boolean {
  const bare = pathname.replace(/^\/es(?=\/|$)/, '') || '/';
  return EXEMPT_PATHS.some((path) => bare === path || bare.startsWith(`${path}/`));
}

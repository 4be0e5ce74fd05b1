import type { LatLng } from '../contracts/geo';

/**
 * Directions as a link to Google Maps' public URL scheme (no key, no script): the issue's
 * "directions then open a maps link" when no key is configured, and a fine fallback with one.
 * Client-safe. Driving, as the spec's only directions error is "no car route found".
 */
export function directionsUrl(destination: LatLng, origin?: LatLng | null): string {
  const point = ({ lat, lng }: LatLng) => `${lat},${lng}`;
  const params = new URLSearchParams({ api: '1', destination: point(destination), travelmode: 'driving' });
  if (origin) params.set('origin', point(origin));
  return `https://www.google.com/maps/dir/?${params}`;
}

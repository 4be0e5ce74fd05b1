import 'server-only';
import { serverEnv } from '../config/server-env';
import { embeddedMapsProvider } from './embedded-provider.server';
import { createGoogleMapsProvider } from './google-provider.server';
import type { MapsProvider } from './maps-provider';

let google: { key: string; provider: MapsProvider } | undefined;

/**
 * The configured maps provider (ARCHITECTURE.md "Real parts"): the embedded gazetteer unless a
 * Google key is set. Tests always get the embedded one, key or not: there is no internet here
 * and a test must never spend a real quota.
 */
export function mapsProvider(): MapsProvider {
  const env = serverEnv();
  const key = env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY;
  if (!key || env.NODE_ENV === 'test') return embeddedMapsProvider;
  if (google?.key !== key) google = { key, provider: createGoogleMapsProvider(key) };
  return google.provider;
}

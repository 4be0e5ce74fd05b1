import 'server-only';
import { serverEnv } from '../../../config/server-env';
import { logger } from '../../../logging/logger';
import { embeddedMapsProvider } from './embedded-provider';
import { createGoogleMapsProvider } from './google-provider';
import type { MapsProvider } from './maps-provider';

let google: { key: string; provider: MapsProvider } | undefined;

/**
 * `primary`, answered by `fallback` whenever it fails (Google down, over quota, a refused key,
 * a timeout): a visitor typing a city still gets suggestions rather than an error, and the
 * failure is logged for whoever runs the server.
 */
export function withFallback(primary: MapsProvider, fallback: MapsProvider): MapsProvider {
  const attempt =
    <A extends unknown[], R>(name: string, call: (p: MapsProvider) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(primary)(...args);
      } catch (error) {
        // The message only: the provider's own error may carry its URL, and with it the key.
        logger.error(
          { provider: primary.name, call: name, fallback: fallback.name, reason: (error as Error).message },
          'maps provider failed; answering from the fallback',
        );
        return call(fallback)(...args);
      }
    };
  return {
    name: primary.name,
    autocomplete: attempt('autocomplete', (p) => p.autocomplete.bind(p)),
    geocode: attempt('geocode', (p) => p.geocode.bind(p)),
    reverseGeocode: attempt('reverseGeocode', (p) => p.reverseGeocode.bind(p)),
    countryAt: attempt('countryAt', (p) => p.countryAt.bind(p)),
  };
}

/**
 * The configured maps provider (lib/docs/architecture.md "Real parts and their embedded defaults"): the embedded gazetteer unless a
 * Google key is set. Tests always get the embedded one, key or not: there is no internet here
 * and a test must never spend a real quota.
 */
export function mapsProvider(): MapsProvider {
  const env = serverEnv();
  const key = env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY;
  if (!key || env.NODE_ENV === 'test') return embeddedMapsProvider;
  if (google?.key !== key)
    google = { key, provider: withFallback(createGoogleMapsProvider(key), embeddedMapsProvider) };
  return google.provider;
}

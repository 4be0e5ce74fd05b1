'use client';

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GeoPlace } from '@/lib/contracts/geo';
import type { Locale } from '@/lib/i18n/languages';
import { addressAtQueryOptions } from '@/lib/api-client/geo';
import { QueryProvider } from '@/components/providers/query-provider';

export interface ReverseGeocodeResult {
  locale: Locale;
  lat: number;
  lng: number;
  place: GeoPlace | null;
}

function Lookup({
  locale,
  lat,
  lng,
  onResult,
}: Omit<ReverseGeocodeResult, 'place'> & { onResult: (result: ReverseGeocodeResult) => void }) {
  const { data, error } = useQuery(addressAtQueryOptions(locale, lat, lng));
  useEffect(() => {
    if (data) onResult({ locale, lat, lng, place: data.status === 'OK' ? data.place : null });
  }, [data, locale, lat, lng, onResult]);
  useEffect(() => {
    // SPEC.md section 8: geocoding errors are only logged, here in the browser's console (the
    // server's logger never ships to the browser).
    // eslint-disable-next-line no-console
    if (error) console.warn('[location] reverse geocoding failed', error);
  }, [error]);
  return null;
}

/**
 * The address of the wrapper's coordinates (components/location/location-provider.tsx), in its
 * own module so the wrapper, in every page's first load, brings no React Query: it is loaded
 * once there are coordinates without a known place.
 */
export function ReverseGeocoder(
  props: Omit<ReverseGeocodeResult, 'place'> & { onResult: (result: ReverseGeocodeResult) => void },
) {
  return (
    <QueryProvider>
      <Lookup {...props} />
    </QueryProvider>
  );
}

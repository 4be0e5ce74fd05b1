'use client';

import { APIProvider, Map, Marker } from '@vis.gl/react-google-maps';
import { useRouter } from '@/lib/i18n/navigation';

export interface MapPoint {
  key: string;
  name: string;
  lat: number;
  lng: number;
  /** Locale-free path of the result's page. */
  href: string;
}

/**
 * The results of the current page on a Google map (only with
 * NEXT_PUBLIC_GOOGLE_MAPS_API_KEY). Loaded lazily by results-map-loader.tsx, so nothing of
 * Google's reaches a page without a key. The list beside it carries the same content, so the
 * map is a convenience for sighted pointer users, not the only way in.
 */
export default function ResultsMap({
  apiKey,
  locale,
  center,
  points,
}: {
  apiKey: string;
  locale: string;
  center: { lat: number; lng: number };
  points: MapPoint[];
}) {
  const router = useRouter();
  return (
    <APIProvider apiKey={apiKey} language={locale}>
      <Map
        defaultCenter={center}
        defaultZoom={11}
        gestureHandling="cooperative"
        disableDefaultUI={false}
        clickableIcons={false}
        style={{ width: '100%', height: '100%' }}
      >
        {points.map((point) => (
          <Marker
            key={point.key}
            position={{ lat: point.lat, lng: point.lng }}
            title={point.name}
            onClick={() => router.push(point.href)}
          />
        ))}
      </Map>
    </APIProvider>
  );
}

'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import type { MapPoint } from './results-map';

// Client-only and on demand: the Maps script and this chunk load only when a key is configured.
const ResultsMap = dynamic(() => import('./results-map').then((m) => m.default), {
  ssr: false,
  loading: () => <div className="size-full animate-pulse rounded-2xl bg-slate-100 motion-reduce:animate-none" />,
});

export function ResultsMapLoader(props: {
  apiKey: string;
  locale: string;
  center: { lat: number; lng: number };
  points: MapPoint[];
}) {
  const t = useTranslations('listing.map');
  return (
    <section
      aria-label={t('label')}
      className="h-72 overflow-hidden rounded-2xl ring-1 ring-slate-200 xl:sticky xl:top-4 xl:h-[calc(100vh-2rem)]"
    >
      <ResultsMap {...props} />
    </section>
  );
}

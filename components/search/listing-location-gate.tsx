'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useOptionalLocation } from '@/components/location/location-provider';
import { withLatLng } from '@/components/location/location-params';
import { LocationSearch } from '@/components/location/location-search';
import { Spinner } from '@/components/ui/spinner';

/**
 * Shown while the listing's URL has no lat and lng. The location wrapper finds a position
 * (browser, or its blocking dialog) and writes it into the URL, and the server then renders
 * the results; without the wrapper, a search box here does the same.
 */
export function ListingLocationGate() {
  const t = useTranslations('listing.location');
  const location = useOptionalLocation();
  const router = useRouter();
  const pathname = usePathname();
  if (location && location.status !== 'needsLocation') return <Spinner label={t('waiting')} />;
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="text-slate-800">{t('needed')}</p>
      {location ? null : (
        <LocationSearch
          className="mt-4"
          onSelect={(place) =>
            router.replace(`${pathname}${withLatLng(window.location.search, { lat: place.latitude, lng: place.longitude })}`)
          }
        />
      )}
    </div>
  );
}

'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useOptionalLocation } from '@/components/location/location-provider';
import { withLatLng } from '@/components/location/location-params';
import { LocationSearch } from '@/components/location/location-search';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * Shown while the listing's URL has no lat and lng. The location wrapper finds a position
 * (browser, remembered place, or its dialog) and writes it into the URL, and the server then
 * renders the results. Once the browser has given no position (the dialog may have been closed),
 * the page itself says how to set one: a place search and "Use my location", so a visitor who
 * closed the dialog is never stuck.
 */
export function ListingLocationGate() {
  const t = useTranslations('listing.location');
  const tl = useTranslations('location');
  const location = useOptionalLocation();
  const router = useRouter();
  const pathname = usePathname();
  if (location && location.status !== 'needsLocation') return <Spinner label={t('waiting')} />;
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="text-slate-800">{t('needed')}</p>
      <LocationSearch
        className="mt-4"
        onSelect={(place) =>
          location
            ? location.setLocation(place)
            : router.replace(
                `${pathname}${withLatLng(window.location.search, { lat: place.latitude, lng: place.longitude })}`,
              )
        }
      />
      {location && location.permission !== 'denied' ? (
        <button type="button" className={buttonClass('secondary', 'mt-4')} onClick={location.requestBrowserLocation}>
          {tl('useMyLocation')}
        </button>
      ) : null}
    </div>
  );
}

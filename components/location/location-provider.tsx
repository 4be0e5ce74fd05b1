'use client';

import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import dynamic from 'next/dynamic';
import { useLocale } from 'next-intl';
import type { GeoPlace, LatLng } from '@/lib/contracts/geo';
import { isLocale, type Locale } from '@/lib/i18n/languages';
import {
  isLocationExemptPath,
  isLocationLazyPath,
  isLocationOnGesturePath,
  latLngFromCookieHeader,
  latLngFromParams,
  locationCookie,
  roundLatLng,
  sameLatLng,
  withLatLng,
} from './location-params';
import type { ReverseGeocodeResult } from './reverse-geocoder';

// The dialog (Headless UI, the place search) is fetched only when it has to open: most visits
// never need it, and the wrapper itself is in every page's first load.
const LocationPermissionDialog = dynamic(
  () => import('./location-permission-dialog').then((m) => m.LocationPermissionDialog),
  { ssr: false },
);
// The address lookup brings React Query; it is fetched once there are coordinates to name.
const ReverseGeocoder = dynamic(() => import('./reverse-geocoder').then((m) => m.ReverseGeocoder), { ssr: false });

/**
 * - `idle`: nothing asked yet (server render, first paint, or a page the wrapper leaves alone);
 * - `locating`: waiting for the browser's position;
 * - `located`: coordinates known (the address may still be on its way);
 * - `needsLocation`: no coordinates and the browser gave none: the dialog is open, or was closed
 *   and the page says how to set a location.
 */
export type LocationStatus = 'idle' | 'locating' | 'located' | 'needsLocation';
/** `remembered`: the place chosen on an earlier page or visit (the location cookie). */
export type LocationSource = 'url' | 'browser' | 'search' | 'remembered';
export type GeolocationPermission = PermissionState | 'unknown';

export interface LocationContextValue {
  status: LocationStatus;
  coords: LatLng | null;
  source: LocationSource | null;
  /** Readable address of the coordinates (reverse geocoded, or the chosen suggestion's). */
  address: string | null;
  /** The address with its parsed parts (SPEC.md section 3 "Location"). */
  place: GeoPlace | null;
  /** ISO 3166-1 alpha-2 code of the country at the coordinates (the /v4 `country` header). */
  country: string | null;
  permission: GeolocationPermission;
  /** Makes a chosen place (or bare coordinates) the user's location and writes it into the URL. */
  setLocation: (location: GeoPlace | LatLng) => void;
  /** Asks the browser for its position again (after the user changed their mind). */
  requestBrowserLocation: () => void;
  /** Opens the dialog with the place search again after the visitor closed it. */
  openLocationDialog: () => void;
}

const LocationContext = createContext<LocationContextValue | null>(null);

/** The location wrapper's state; a developer error outside <LocationProvider> (SPEC.md section 8). */
export function useLocation(): LocationContextValue {
  const value = useContext(LocationContext);
  if (!value) throw new Error('useLocation must be used inside <LocationProvider>.');
  return value;
}

/** For components that also work without the wrapper (the search box biases towards it when present). */
export function useOptionalLocation(): LocationContextValue | null {
  return useContext(LocationContext);
}

/** Browser position: quick rather than precise (a city block is plenty), and a cached fix is fine. */
const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 };

interface Selected {
  coords: LatLng;
  source: LocationSource;
  /** Known when the user chose a suggestion; otherwise reverse geocoded from the coordinates. */
  place: GeoPlace | null;
}

function isPlace(location: GeoPlace | LatLng): location is GeoPlace {
  return 'latitude' in location;
}

/**
 * Reads lat and lng from the URL. Kept in its own Suspense boundary: useSearchParams would
 * otherwise turn every page under the provider into client-side rendering up to the nearest
 * boundary, and the provider pages must arrive fully rendered for search engines.
 */
function UrlCoordsReader({ onChange }: { onChange: (coords: LatLng | null) => void }) {
  const params = useSearchParams();
  const coords = latLngFromParams(params);
  const lat = coords?.lat;
  const lng = coords?.lng;
  useEffect(() => {
    onChange(lat !== undefined && lng !== undefined ? { lat, lng } : null);
  }, [lat, lng, onChange]);
  return null;
}

/**
 * The location wrapper (SPEC.md sections 2 and 4). Location comes from the URL's lat and lng
 * when present, else from the browser; it is written back into the URL (other parameters kept,
 * no scrolling), reverse geocoded to an address and a country, and re-requested when the
 * browser's permission changes. With no location at all, a dialog asks for one; the visitor may
 * close it (Escape, its close button) and the page then says how to set a location. A place
 * chosen or found is remembered in a cookie, so the next page and visit, and the server's render
 * of them, start from it.
 * `disabled` defaults to the spec's exempt pages (legal, login and other auth pages, chat).
 *
 * `lazy` (by default on the provider and clinic pages) follows a lat and lng in the URL but
 * asks the browser for nothing, writes nothing into the URL and never opens the dialog: a
 * component may still call requestBrowserLocation() when a person asks for it.
 *
 * `onGesture` (by default on the home and featured search pages) follows and writes lat and lng
 * like the default mode but asks the browser only when a person asks (requestBrowserLocation,
 * the "Use my location" button) or when the permission is already granted (no prompt then), and
 * opens the dialog only when that position cannot be had
 * (lib/docs/decisions/location-on-gesture.md).
 */
export function LocationProvider({
  children,
  disabled,
  lazy,
  onGesture,
}: {
  children: ReactNode;
  disabled?: boolean;
  lazy?: boolean;
  onGesture?: boolean;
}) {
  const pathname = usePathname();
  const router = useRouter();
  const rawLocale = useLocale();
  const locale: Locale = isLocale(rawLocale) ? rawLocale : 'en';
  const inactive = disabled ?? isLocationExemptPath(pathname);
  const passive = !inactive && (lazy ?? isLocationLazyPath(pathname));
  const askOnGesture = !inactive && !passive && (onGesture ?? isLocationOnGesturePath(pathname));

  /** undefined until the URL has been read on the client. */
  const [urlCoords, setUrlCoords] = useState<LatLng | null | undefined>(undefined);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [detection, setDetection] = useState<'idle' | 'pending' | 'failed'>('idle');
  /** Stays set through a retry, so the dialog does not blink while the browser is asked again. */
  const [browserFailed, setBrowserFailed] = useState(false);
  const [permission, setPermission] = useState<GeolocationPermission>('unknown');
  /** The visitor closed the dialog: the page stays usable and says how to set a location. */
  const [dismissed, setDismissed] = useState(false);

  // Latest values for the effects below, which must each react to one cause only: the URL
  // changed (follow it) or the location changed (write it into the URL). Watching both in one
  // effect would write the old location over a link's lat and lng in the commit that brings them.
  const latest = useRef({ urlCoords, selected, detection, inactive, passive });
  useEffect(() => {
    latest.current = { urlCoords, selected, detection, inactive, passive };
  });

  const writeUrl = useCallback(
    (coords: LatLng, { rendered = false } = {}) => {
      const { pathname: path, search, hash } = window.location;
      const url = `${path}${withLatLng(search, coords)}${hash}`;
      // The remembered place is the one the server already rendered this page with (it reads the
      // same cookie when the URL has none): only the address changes, through the history API,
      // which Next's router follows without asking the server again. A navigation here would
      // render the page a second time for nothing, and one made while the page is still
      // hydrating leaves the first <title> behind beside the new one.
      if (rendered) window.history.replaceState(null, '', url);
      else router.replace(url, { scroll: false });
    },
    [router],
  );

  const requestBrowserLocation = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setDetection('failed');
      setBrowserFailed(true);
      return;
    }
    setDetection('pending');
    // Asked again on purpose: if this fails too, the dialog with the place search may open again.
    setDismissed(false);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setSelected({
          coords: roundLatLng({ lat: position.coords.latitude, lng: position.coords.longitude }),
          source: 'browser',
          place: null,
        });
        setDetection('idle');
        setBrowserFailed(false);
      },
      () => {
        setDetection('failed');
        setBrowserFailed(true);
      },
      GEOLOCATION_OPTIONS,
    );
  }, []);

  // The URL changed (or an exempt page was left): a position in it wins (a shared link); a page
  // without one gets ours, else the place remembered from an earlier page or visit; with none
  // yet, the browser is asked, once.
  useEffect(() => {
    if (inactive || urlCoords === undefined) return;
    const { selected: current, detection: asked } = latest.current;
    const remembered = current ? null : latLngFromCookieHeader(document.cookie);
    if (urlCoords) {
      if (!current || !sameLatLng(current.coords, urlCoords))
        setSelected({ coords: urlCoords, source: 'url', place: null });
    } else if (current) {
      if (!passive) writeUrl(current.coords);
    } else if (remembered) {
      setSelected({ coords: remembered, source: 'remembered', place: null });
    } else if (passive) {
      return;
    } else if (asked === 'idle' && !askOnGesture) {
      requestBrowserLocation();
    }
  }, [inactive, passive, askOnGesture, urlCoords, writeUrl, requestBrowserLocation]);

  // A place the visitor chose or the browser gave is remembered for the next page and visit
  // (a shared link's place is not: it was someone else's choice).
  useEffect(() => {
    if (!selected || (selected.source !== 'browser' && selected.source !== 'search')) return;
    document.cookie = locationCookie(selected.coords, window.location.protocol === 'https:');
  }, [selected]);

  // The location changed (browser, search or setLocation): write it into the URL, unless the
  // address holds it already. The address itself is read, not the state that follows it: the
  // remembered place may be in it before that state has caught up, and the browser's answer is
  // often that same place.
  useEffect(() => {
    const { urlCoords, inactive: off, passive: quiet } = latest.current;
    if (off || quiet || urlCoords === undefined || !selected) return;
    if (sameLatLng(selected.coords, latLngFromParams(new URLSearchParams(window.location.search)))) return;
    writeUrl(selected.coords, { rendered: selected.source === 'remembered' });
  }, [selected, writeUrl]);

  // Re-request when the permission changes (SPEC.md section 2): granting it in the browser's
  // settings then takes effect without a reload.
  useEffect(() => {
    if (inactive || passive || typeof navigator === 'undefined' || !navigator.permissions?.query) return;
    let status: PermissionStatus | undefined;
    let cancelled = false;
    const onChange = () => {
      if (!status) return;
      setPermission(status.state);
      requestBrowserLocation();
    };
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((result) => {
        if (cancelled) return;
        status = result;
        setPermission(result.state);
        result.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      status?.removeEventListener('change', onChange);
    };
  }, [inactive, passive, requestBrowserLocation]);

  // On a gesture page a visitor who has already allowed the site gets their position at once:
  // no prompt opens, so nothing is asked of them on load.
  useEffect(() => {
    if (!askOnGesture || permission !== 'granted' || urlCoords !== null) return;
    const { selected: current, detection: asked } = latest.current;
    if (!current && asked === 'idle') requestBrowserLocation();
  }, [askOnGesture, permission, urlCoords, requestBrowserLocation]);

  const coords = selected?.coords ?? null;
  const needsAddress = !inactive && coords !== null && selected?.place === null;
  const [reverse, setReverse] = useState<ReverseGeocodeResult | null>(null);
  const reversePlace =
    reverse && coords && reverse.locale === locale && reverse.lat === coords.lat && reverse.lng === coords.lng
      ? reverse.place
      : null;

  const place = selected?.place ?? reversePlace;

  const setLocation = useCallback((location: GeoPlace | LatLng) => {
    if (isPlace(location)) {
      setSelected({
        coords: roundLatLng({ lat: location.latitude, lng: location.longitude }),
        source: 'search',
        place: location,
      });
    } else {
      setSelected({ coords: roundLatLng(location), source: 'search', place: null });
    }
  }, []);

  const status: LocationStatus = inactive
    ? 'idle'
    : coords
      ? 'located'
      : browserFailed && !passive
        ? 'needsLocation'
        : detection === 'pending'
          ? 'locating'
          : 'idle';

  const openLocationDialog = useCallback(() => setDismissed(false), []);

  // Mounted from its first opening on, so its closing transition can play.
  const [dialogUsed, setDialogUsed] = useState(false);
  useEffect(() => {
    if (status === 'needsLocation') setDialogUsed(true);
  }, [status]);

  const value = useMemo<LocationContextValue>(
    () => ({
      status,
      coords,
      source: selected?.source ?? null,
      address: place?.formattedAddress ?? null,
      place,
      country: place?.country ?? null,
      permission,
      setLocation,
      requestBrowserLocation,
      openLocationDialog,
    }),
    [status, coords, selected?.source, place, permission, setLocation, requestBrowserLocation, openLocationDialog],
  );

  return (
    <LocationContext.Provider value={value}>
      <Suspense fallback={null}>
        <UrlCoordsReader onChange={setUrlCoords} />
      </Suspense>
      {children}
      {needsAddress && coords ? (
        <ReverseGeocoder locale={locale} lat={coords.lat} lng={coords.lng} onResult={setReverse} />
      ) : null}
      {dialogUsed ? (
        <LocationPermissionDialog
          open={status === 'needsLocation' && !dismissed}
          onClose={() => setDismissed(true)}
          permission={permission}
          locating={detection === 'pending'}
          onSelect={setLocation}
          onUseMyLocation={requestBrowserLocation}
        />
      ) : null}
    </LocationContext.Provider>
  );
}

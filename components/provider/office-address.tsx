import { getTranslations } from 'next-intl/server';
import type { OfficePlace } from '@/lib/contracts/discovery';
import { directionsUrl } from '@/lib/display/directions';
import { PhoneIcon } from '@/components/ui/icons';
import { MapPinIcon, RouteIcon } from '@/components/ui/icons';

/** "1794 Amsterdam Ave, Suite 610", then "New York, NY 10005". */
export function addressLines(place: OfficePlace): [string, string] {
  return [
    place.suite ? `${place.addressLine}, ${place.suite}` : place.addressLine,
    `${place.city}, ${place.state} ${place.zip}`,
  ];
}

/**
 * An office's postal address, phone (a tel: link) and a directions link. Directions open the
 * maps service's public URL (lib/maps/directions.ts) in a new tab, with no origin: the page asks
 * the browser for no position (README "Decisions"), and the maps service finds the visitor.
 */
export async function OfficeAddress({ place }: { place: OfficePlace }) {
  const t = await getTranslations('provider');
  const tc = await getTranslations('common');
  const [line1, line2] = addressLines(place);
  const tel = `tel:${place.phone.replace(/[^\d+]/g, '')}`;
  return (
    <div className="space-y-2 text-slate-800">
      <p className="flex gap-2">
        <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <span>
          <span className="sr-only">{t('address')}: </span>
          {line1}
          <br />
          {line2}
        </span>
      </p>
      <p className="flex items-center gap-2">
        <PhoneIcon className="size-5 shrink-0 text-brand-700" />
        <span className="sr-only">{t('phone')}: </span>
        <a href={tel} className="font-medium text-brand-800 underline underline-offset-2">
          {place.phone}
        </a>
      </p>
      <p>
        <a
          href={directionsUrl({ lat: place.latitude, lng: place.longitude })}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-2"
        >
          <RouteIcon className="size-5 shrink-0" />
          {t('directions')}
          <span className="sr-only">
            {' '}
            {t('directionsTo', { office: place.name })} {tc('opensInNewTab')}
          </span>
        </a>
      </p>
    </div>
  );
}

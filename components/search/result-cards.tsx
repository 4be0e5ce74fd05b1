import { useLocale, useTranslations } from 'next-intl';
import type { ClinicCard } from '@/lib/contracts/clinics';
import type { ProviderCard } from '@/lib/contracts/providers';
import { Link } from '@/lib/i18n/navigation';
import { Avatar } from '@/components/ui/avatar';
import { FavoriteToggle } from '@/components/favorites/favorite-toggle';
import { CheckIcon, MapPinIcon, VideoIcon } from '@/components/ui/icons';
import { formatFee, formatList, formatMiles, formatSlot, slotHref } from './format';
import { Rating } from './rating';
import type { ReactNode } from 'react';

/*
 * Result cards of /search-listing and /favorites. Server components: everything but the heart
 * (a small client island) arrives as HTML. Slots are links, not scripted buttons: picking one
 * is a navigation to the provider page with that office and instant preselected (SPEC.md
 * section 4 "a slot chosen on the listing page is ... carried to the provider page"), and it
 * works before any JavaScript has loaded.
 */

function addressText(office: {
  addressLine: string;
  suite: string | null;
  city: string;
  state: string;
  zip: string;
}): string {
  return `${[office.addressLine, office.suite].filter(Boolean).join(', ')}, ${office.city}, ${office.state} ${office.zip}`;
}

function Badge({ tone, icon, children }: { tone: 'green' | 'slate' | 'brand'; icon?: ReactNode; children: ReactNode }) {
  const tones = {
    green: 'bg-green-50 text-green-900 ring-green-200',
    slate: 'bg-slate-100 text-slate-800 ring-slate-200',
    brand: 'bg-brand-50 text-brand-900 ring-brand-200',
  };
  return (
    <li className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ${tones[tone]}`}>
      {icon}
      {children}
    </li>
  );
}

interface SlotLinkItem {
  start: string;
  officeId: number;
  providerId: number;
}

function SlotLinks({
  slots,
  timeZone,
  who,
  moreHref,
  headingId,
  rescheduleOf,
}: {
  slots: SlotLinkItem[];
  timeZone: string;
  /** Whose times these are, for link names that make sense out of context. */
  who: string;
  moreHref: string;
  headingId: string;
  rescheduleOf?: string;
}) {
  const t = useTranslations('listing.card');
  const locale = useLocale();
  return (
    <div className="mt-4 border-t border-slate-200 pt-3">
      <p id={headingId} className="text-sm font-semibold text-slate-900">
        {t('nextSlots')}
      </p>
      {slots.length === 0 ? <p className="mt-1 text-sm text-slate-700">{t('noSlots')}</p> : null}
      <ul aria-labelledby={headingId} className="mt-2 flex flex-wrap gap-2">
        {slots.map((slot) => {
          const time = formatSlot(slot.start, timeZone, locale);
          return (
            <li key={`${slot.providerId}-${slot.officeId}-${slot.start}`}>
              <Link
                href={slotHref(slot.providerId, slot.officeId, slot.start, rescheduleOf)}
                aria-label={t('slotLabel', { time, name: who })}
                className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              >
                {time}
              </Link>
            </li>
          );
        })}
        <li>
          <Link
            href={moreHref}
            aria-label={t('moreTimesFor', { name: who })}
            className="inline-flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-50"
          >
            {t('moreTimes')}
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** The control in the card's corner: the heart by default, "Remove" on /favorites. */
type CardAction = ReactNode | 'favorite';

/** `rescheduleOf`: the listing is for rebooking that appointment (SPEC.md section 4); its links carry it on. */
export function ProviderResultCard({
  provider,
  action = 'favorite',
  rescheduleOf,
}: {
  provider: ProviderCard;
  action?: CardAction;
  rescheduleOf?: string;
}) {
  const t = useTranslations('listing.card');
  const locale = useLocale();
  const { office } = provider;
  const nameId = `provider-${provider.id}-name`;
  const profileHref = `/provider-details/${provider.id}?office=${office.id}${rescheduleOf ? `&rescheduleOf=${rescheduleOf}` : ''}`;
  return (
    <article aria-labelledby={nameId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex items-start gap-4">
        <Avatar
          name={{ firstName: provider.firstName, lastName: provider.lastName }}
          src={provider.photoUrl}
          size={64}
        />
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="text-lg font-semibold text-slate-900">
            <Link href={profileHref} className="hover:underline">
              {provider.displayName}
            </Link>
            <span className="font-normal text-slate-700">, {provider.title}</span>
          </h3>
          <p className="text-sm text-slate-700">{provider.specialties.map((s) => s.name).join(' · ')}</p>
          <Rating className="mt-1" average={provider.rating.average} count={provider.rating.count} />
        </div>
        {action === 'favorite' ? (
          <FavoriteToggle kind="provider" id={provider.id} name={provider.displayName} />
        ) : (
          action
        )}
      </div>
      {/* Under the name from sm up; the full card width on phones. */}
      <div className="mt-3 sm:pl-20">
        <div className="flex items-start gap-1.5 text-sm text-slate-800">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-slate-600" />
          <div>
            <p>
              <span className="font-medium">{office.name}</span>
              {provider.distanceMiles !== null ? (
                <span className="text-slate-700">
                  {' '}
                  · {t('distance', { miles: formatMiles(provider.distanceMiles, locale) })}
                </span>
              ) : null}
            </p>
            <address className="not-italic text-slate-700">{addressText(office)}</address>
            {provider.officeCount > 1 ? (
              <p className="text-slate-700">{t('moreOffices', { count: provider.officeCount - 1 })}</p>
            ) : null}
          </div>
        </div>
        <ul className="mt-3 flex flex-wrap gap-2">
          {office.acceptsNewPatients ? (
            <Badge tone="green" icon={<CheckIcon className="size-3.5" />}>
              {t('acceptingNew')}
            </Badge>
          ) : (
            <Badge tone="slate">{t('notAcceptingNew')}</Badge>
          )}
          {office.teledentalAvailable ? (
            <Badge tone="brand" icon={<VideoIcon className="size-3.5" />}>
              {t('teledentalFee', { fee: formatFee(provider.teledentalFeeCents, locale) })}
            </Badge>
          ) : (
            <Badge tone="slate">{t('inOfficeOnly')}</Badge>
          )}
          {provider.languages.length > 0 ? (
            <Badge tone="slate">
              {t('languages', {
                languages: formatList(
                  provider.languages.map((l) => l.name),
                  locale,
                ),
              })}
            </Badge>
          ) : null}
        </ul>
      </div>
      <SlotLinks
        slots={provider.nextSlots.map((s) => ({ start: s.start, officeId: s.officeId, providerId: provider.id }))}
        timeZone={office.timeZone}
        who={provider.displayName}
        moreHref={profileHref}
        headingId={`provider-${provider.id}-slots`}
        rescheduleOf={rescheduleOf}
      />
    </article>
  );
}

export function ClinicResultCard({
  clinic,
  action = 'favorite',
  rescheduleOf,
}: {
  clinic: ClinicCard;
  action?: CardAction;
  rescheduleOf?: string;
}) {
  const t = useTranslations('listing.card');
  const locale = useLocale();
  const nameId = `clinic-${clinic.id}-name`;
  const profileHref = `/clinic-details/${clinic.id}`;
  return (
    <article aria-labelledby={nameId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex items-start gap-4">
        <Avatar name={clinic.name} src={clinic.photoUrl} size={64} shape="rounded" />
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="text-lg font-semibold text-slate-900">
            <Link href={profileHref} className="hover:underline">
              {clinic.name}
            </Link>
          </h3>
          <p className="text-sm text-slate-700">
            {[
              t('providerCount', { count: clinic.providerCount }),
              ...clinic.specialties.slice(0, 3).map((s) => s.name),
            ].join(' · ')}
          </p>
          <Rating className="mt-1" average={clinic.rating.average} count={clinic.rating.count} />
        </div>
        {action === 'favorite' ? <FavoriteToggle kind="clinic" id={clinic.id} name={clinic.name} /> : action}
      </div>
      <div className="mt-3 sm:pl-20">
        <div className="flex items-start gap-1.5 text-sm text-slate-800">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-slate-600" />
          <div>
            <address className="not-italic text-slate-700">{addressText(clinic)}</address>
            {clinic.distanceMiles !== null ? (
              <p className="text-slate-700">{t('distance', { miles: formatMiles(clinic.distanceMiles, locale) })}</p>
            ) : null}
          </div>
        </div>
        <ul className="mt-3 flex flex-wrap gap-2">
          {clinic.acceptsNewPatients ? (
            <Badge tone="green" icon={<CheckIcon className="size-3.5" />}>
              {t('acceptingNew')}
            </Badge>
          ) : (
            <Badge tone="slate">{t('notAcceptingNew')}</Badge>
          )}
          {clinic.teledentalAvailable && clinic.minTeledentalFeeCents !== null ? (
            <Badge tone="brand" icon={<VideoIcon className="size-3.5" />}>
              {t('teledentalFrom', { fee: formatFee(clinic.minTeledentalFeeCents, locale) })}
            </Badge>
          ) : (
            <Badge tone="slate">{t('inOfficeOnly')}</Badge>
          )}
        </ul>
      </div>
      <SlotLinks
        // Several dentists may be free at the same hour: one button per time reads better.
        slots={clinic.nextSlots.filter((slot, i, all) => all.findIndex((o) => o.start === slot.start) === i)}
        timeZone={clinic.timeZone}
        who={clinic.name}
        moreHref={profileHref}
        headingId={`clinic-${clinic.id}-slots`}
        rescheduleOf={rescheduleOf}
      />
    </article>
  );
}

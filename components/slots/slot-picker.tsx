'use client';

import { useId, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import type { Slot } from '@/lib/contracts/discovery';
import { useFetchedProviderSlots } from '@/lib/api-client/provider-slots';
import { Link } from '@/lib/i18n/navigation';
import { formatInstantTime, formatLocalDate } from '@/components/provider/format';
import { bookingHref } from '@/components/provider/page-urls';
import { OfficeChoice } from './office-choice';
import { initialSelection, type SlotOffice } from './slot-selection';
import { SlotWindow, findSlot, useSlotWindow } from './slot-window';

export interface SlotPickerOffice extends SlotOffice {
  acceptsNewPatients: boolean;
  /** The office's time zone as shown ('EST - EASTERN TIME ZONE'), named by the server so the
   * picker does not ship the zone table (lib/display/time-zone-label.ts; the page's JavaScript budget). */
  timeZoneLabel: string;
}

/**
 * Free slots by day, morning and afternoon, in the office's time zone (SPEC.md section 4,
 * "Slots are grouped morning and afternoon"). Fetched by the browser: slots are live data and
 * the page around them is cached. A slot picked on the search listing arrives as `office` and
 * `slot` in the URL and shows pressed, its office selected. Choosing a slot offers the link to
 * booking with provider, office and slot.
 *
 * Reads the URL with useSearchParams, which the cached HTML cannot know: the page loads it after
 * the first paint through <SlotPickerLoader>, whose skeleton the HTML holds.
 */
export function SlotPicker({ providerId, offices }: { providerId: number; offices: readonly SlotPickerOffice[] }) {
  const t = useTranslations('slots');
  const locale = useLocale();
  const params = useSearchParams();
  const id = useId();
  const [initial] = useState(() => initialSelection(params, offices));
  const [officeId, setOfficeId] = useState(initial.officeId);
  const week = useSlotWindow(initial);
  const [chosen, setChosen] = useState(initial.slot);
  const office = offices.find((o) => o.id === officeId) ?? offices[0]!;

  const query = useFetchedProviderSlots({ providerId, officeId, from: week.from, to: week.to });
  const data = query.data;
  const chosenSlot = chosen ? findSlot(data?.days ?? [], chosen) : undefined;
  const pickedGone = Boolean(
    initial.slot && chosen === initial.slot && data && !query.isPlaceholderData && !chosenSlot,
  );

  function chooseOffice(next: number) {
    setOfficeId(next);
    week.reset();
    setChosen(undefined);
  }

  const time = (slot: Slot) => formatInstantTime(slot.start, office.timeZone, locale);
  const longDate = (date: string) => formatLocalDate(date, locale, { weekday: 'long', month: 'long', day: 'numeric' });

  return (
    <div className="space-y-4">
      <OfficeChoice
        id={`${id}-office`}
        label={t('office')}
        offices={offices}
        officeId={officeId}
        onChange={chooseOffice}
      />
      {!office.acceptsNewPatients ? <p className="text-sm text-slate-800">{t('existingPatientsOnly')}</p> : null}
      <p className="text-sm text-slate-700">{t('timeZone', { zone: office.timeZoneLabel })}</p>

      <SlotWindow
        week={week}
        timeZone={office.timeZone}
        slots={data}
        query={query}
        locale={locale}
        longDate={longDate}
        time={time}
        chosen={chosen}
        onChoose={(slot) => setChosen(slot.start)}
        className="min-h-56"
        t={t}
      />

      {pickedGone ? (
        <p role="status" className="text-sm text-slate-800">
          {t('pickedGone')}
        </p>
      ) : null}
      {chosenSlot ? (
        <div className="rounded-xl bg-brand-50 p-4">
          <p className="text-sm text-slate-800" role="status">
            {t('chosen', { date: longDate(chosenSlot.localDate), time: time(chosenSlot) })}
          </p>
          {/* Booking is behind login: a prefetch would only fetch (and the router keep) the redirect to
              login, so the middleware would never see the booking address to come back to after it. */}
          <Link
            prefetch={false}
            href={bookingHref(providerId, officeId, chosenSlot.start, {
              rescheduleOf: rescheduleOfParam(params.get('rescheduleOf')),
            })}
            className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            {t('book')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** A reschedule with another provider under way (an appointment UUID from the listing's links), or nothing. */
function rescheduleOfParam(value: string | null): string | undefined {
  return value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : undefined;
}

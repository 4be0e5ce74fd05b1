'use client';

import { useId, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import type { Slot } from '@/lib/contracts/discovery';
import type { SlotDay } from '@/lib/contracts/providers';
import { useFetchedProviderSlots } from '@/lib/api-client/provider-slots';
import { Link } from '@/lib/i18n/navigation';
import { addDays, formatInstantTime, formatLocalDate, todayIn } from '@/components/provider/format';
import { bookingHref } from '@/components/provider/page-urls';
import { DayStrip } from './day-strip';
import { WINDOW_DAYS, defaultDay, initialSelection, slotCount, type SlotOffice } from './slot-selection';

/**
 * MAX_DAYS_AHEAD of lib/contracts/discovery.ts (the API refuses dates further ahead). Not
 * imported: that module builds its zod schemas on load, and this component is in the provider
 * page's first load (issue 3's JavaScript budget).
 */
const MAX_DAYS_AHEAD = 365;

export interface SlotPickerOffice extends SlotOffice {
  acceptsNewPatients: boolean;
  /** The office's time zone as shown ('EST - EASTERN TIME ZONE'), named by the server so the
   * picker does not ship the zone table (lib/display/time-zone-label.ts; issue 10's budget). */
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
  const [from, setFrom] = useState(initial.from);
  const [day, setDay] = useState(initial.day);
  const [chosen, setChosen] = useState(initial.slot);
  const office = offices.find((o) => o.id === officeId) ?? offices[0]!;

  const query = useFetchedProviderSlots({ providerId, officeId, from, to: from ? addDays(from, WINDOW_DAYS - 1) : undefined });
  const data = query.data;
  const today = todayIn(office.timeZone);
  const start = data?.from ?? from ?? today;
  const days = data?.days ?? [];
  const shownDay = days.find((d) => d.date === day) ?? days.find((d) => d.date === defaultDay(days));
  const chosenSlot = chosen ? findSlot(days, chosen) : undefined;
  const pickedGone = Boolean(
    initial.slot && chosen === initial.slot && data && !query.isPlaceholderData && !chosenSlot,
  );

  function chooseOffice(next: number) {
    setOfficeId(next);
    setFrom(undefined);
    setDay(undefined);
    setChosen(undefined);
  }

  function page(direction: 1 | -1) {
    const next = addDays(start, direction * WINDOW_DAYS);
    setFrom(next <= today ? undefined : next);
    setDay(undefined);
  }

  const time = (slot: Slot) => formatInstantTime(slot.start, office.timeZone, locale);
  const longDate = (date: string) => formatLocalDate(date, locale, { weekday: 'long', month: 'long', day: 'numeric' });

  return (
    <div className="space-y-4">
      {offices.length > 1 ? (
        <div>
          <label htmlFor={`${id}-office`} className="block text-sm font-semibold text-slate-900">
            {t('office')}
          </label>
          <select
            id={`${id}-office`}
            value={officeId}
            onChange={(event) => chooseOffice(Number(event.target.value))}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900"
          >
            {offices.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="text-sm text-slate-800">
          <span className="font-semibold text-slate-900">{t('office')}:</span> {office.name}
        </p>
      )}
      {!office.acceptsNewPatients ? <p className="text-sm text-slate-800">{t('existingPatientsOnly')}</p> : null}
      <p className="text-sm text-slate-700">{t('timeZone', { zone: office.timeZoneLabel })}</p>

      <DayStrip
        days={days}
        start={start}
        shownDate={shownDay?.date}
        locale={locale}
        longDate={longDate}
        onChoose={setDay}
        onPage={page}
        canGoBack={start > today}
        canGoForward={addDays(start, WINDOW_DAYS) <= addDays(today, MAX_DAYS_AHEAD - WINDOW_DAYS)}
        labels={{ group: t('days'), previous: t('previousDays'), next: t('nextDays'), slotCount: (count) => t('slotCount', { count }) }}
      />
      <div aria-busy={query.isFetching} className="min-h-56">
        {query.isError && !data ? (
          <div role="alert" className="space-y-3">
            <p className="text-slate-800">{t('failed')}</p>
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
            >
              {t('retry')}
            </button>
          </div>
        ) : !data ? (
          <p role="status" className="text-slate-700">
            {t('loading')}
          </p>
        ) : shownDay ? (
          <DaySlots
            day={shownDay}
            heading={longDate(shownDay.date)}
            time={time}
            chosen={chosen}
            onChoose={setChosen}
            labels={{ morning: t('morning'), afternoon: t('afternoon'), none: t('noSlotsDay') }}
          />
        ) : null}
      </div>

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
          <Link
            href={bookingHref(providerId, officeId, chosenSlot.start, rescheduleOfParam(params.get('rescheduleOf')))}
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

function findSlot(days: readonly SlotDay[], start: string): Slot | undefined {
  for (const d of days) {
    const found = [...d.morning, ...d.afternoon].find((s) => s.start === start);
    if (found) return found;
  }
  return undefined;
}

function DaySlots({
  day,
  heading,
  time,
  chosen,
  onChoose,
  labels,
}: {
  day: SlotDay;
  heading: string;
  time: (slot: Slot) => string;
  chosen: string | undefined;
  onChoose: (start: string) => void;
  labels: { morning: string; afternoon: string; none: string };
}) {
  const id = useId();
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{heading}</h3>
      {slotCount(day) === 0 ? (
        <p className="mt-2 text-slate-700">{labels.none}</p>
      ) : (
        (['morning', 'afternoon'] as const).map((part) =>
          day[part].length ? (
            <div key={part} role="group" aria-labelledby={`${id}-${part}`} className="mt-3">
              <h4 id={`${id}-${part}`} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
                {labels[part]}
              </h4>
              <ul className="mt-2 grid grid-cols-3 gap-2">
                {day[part].map((slot) => (
                  <li key={slot.start}>
                    <button
                      type="button"
                      aria-pressed={chosen === slot.start}
                      onClick={() => onChoose(slot.start)}
                      className={`min-h-11 w-full rounded-lg border px-2 text-sm font-semibold ${
                        chosen === slot.start
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-brand-700 bg-white text-brand-800 hover:bg-brand-50'
                      }`}
                    >
                      {time(slot)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null,
        )
      )}
    </div>
  );
}

// The booking page builds its slot field from these (components/booking/slot-field.tsx).
export { DaySlots, findSlot };

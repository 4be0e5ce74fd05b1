'use client';

import { useId, useState } from 'react';
import type { Slot } from '@/lib/contracts/discovery';
import type { SlotDay } from '@/lib/contracts/providers';
import { addDays, todayIn } from '@/components/provider/format';
import { DayStrip } from './day-strip';
import { WINDOW_DAYS, defaultDay, slotCount, type SlotTranslate } from './slot-selection';

/**
 * MAX_DAYS_AHEAD of lib/contracts/discovery.ts (the API refuses dates further ahead). Not
 * imported: that module builds its zod schemas on load, and this component is in the provider
 * page's slot picker (the page's JavaScript budget).
 */
const MAX_DAYS_AHEAD = 365;

/**
 * Which week is asked for (its first office-local day; undefined = today there, the API's
 * default) and which of its days is shown. The owner keeps it because its slots query needs
 * `from` and `to`; <SlotWindow> pages and picks days through it.
 */
export function useSlotWindow(initial: { from?: string; day?: string } = {}) {
  const [from, setFrom] = useState(initial.from);
  const [day, setDay] = useState(initial.day);
  return {
    from,
    to: from ? addDays(from, WINDOW_DAYS - 1) : undefined,
    day,
    setFrom,
    setDay,
    /** Back to this week, first day with slots (another office). */
    reset() {
      setFrom(undefined);
      setDay(undefined);
    },
  };
}

export type SlotWindowState = ReturnType<typeof useSlotWindow>;

/**
 * A week of free slots: the day strip, then the shown day's times grouped morning and
 * afternoon (SPEC.md section 4), with the loading and failed states between. One piece for the
 * provider page's picker, the booking page's slot field and the reschedule dialog. It takes the
 * slots as data rather than asking for them: the provider page fetches them without React Query
 * (lib/api-client/provider-slots.ts, the page's JavaScript budget), the other two with it.
 */
export function SlotWindow({
  week,
  timeZone,
  slots,
  query,
  locale,
  longDate,
  time,
  chosen,
  onChoose,
  boundedAhead = true,
  className,
  t,
}: {
  week: SlotWindowState;
  timeZone: string;
  /** The answer for the window, once there is one. */
  slots: { from: string; days: readonly SlotDay[] } | undefined;
  /** The state of the request for it (React Query's names; lib/api-client/provider-slots.ts has the same). */
  query: { isFetching: boolean; isError: boolean; refetch: () => unknown };
  locale: string;
  longDate: (date: string) => string;
  time: (slot: Slot) => string;
  /** Start of the chosen slot, shown pressed. */
  chosen: string | undefined;
  onChoose: (slot: Slot) => void;
  /** Stop paging where the API stops answering (MAX_DAYS_AHEAD). */
  boundedAhead?: boolean;
  /** Of the area under the day strip (its minimum height). */
  className: string;
  t: SlotTranslate;
}) {
  const today = todayIn(timeZone);
  const start = slots?.from ?? week.from ?? today;
  const days = slots?.days ?? [];
  const shownDay = days.find((d) => d.date === week.day) ?? days.find((d) => d.date === defaultDay(days));

  function page(direction: 1 | -1) {
    const next = addDays(start, direction * WINDOW_DAYS);
    week.setFrom(next <= today ? undefined : next);
    week.setDay(undefined);
  }

  return (
    <>
      <DayStrip
        days={days}
        start={start}
        shownDate={shownDay?.date}
        locale={locale}
        longDate={longDate}
        onChoose={week.setDay}
        onPage={page}
        canGoBack={start > today}
        canGoForward={!boundedAhead || addDays(start, WINDOW_DAYS) <= addDays(today, MAX_DAYS_AHEAD - WINDOW_DAYS)}
        t={t}
      />
      <div aria-busy={query.isFetching} className={className}>
        {query.isError && !slots ? (
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
        ) : !slots ? (
          <p role="status" className="text-slate-700">
            {t('loading')}
          </p>
        ) : shownDay ? (
          <DaySlots
            day={shownDay}
            heading={longDate(shownDay.date)}
            time={time}
            chosen={chosen}
            onChoose={onChoose}
            t={t}
          />
        ) : null}
      </div>
    </>
  );
}

export function findSlot(days: readonly SlotDay[], start: string): Slot | undefined {
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
  t,
}: {
  day: SlotDay;
  heading: string;
  time: (slot: Slot) => string;
  chosen: string | undefined;
  onChoose: (slot: Slot) => void;
  t: SlotTranslate;
}) {
  const id = useId();
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{heading}</h3>
      {slotCount(day) === 0 ? (
        <p className="mt-2 text-slate-700">{t('noSlotsDay')}</p>
      ) : (
        (['morning', 'afternoon'] as const).map((part) =>
          day[part].length ? (
            <div key={part} role="group" aria-labelledby={`${id}-${part}`} className="mt-3">
              <h4 id={`${id}-${part}`} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
                {t(part)}
              </h4>
              <ul className="mt-2 grid grid-cols-3 gap-2">
                {day[part].map((slot) => (
                  <li key={slot.start}>
                    <button
                      type="button"
                      aria-pressed={chosen === slot.start}
                      onClick={() => onChoose(slot)}
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

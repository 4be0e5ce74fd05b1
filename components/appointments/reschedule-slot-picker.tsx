'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Slot, SlotDay } from '@/lib/contracts/discovery';
import { useProviderSlots } from '@/lib/api-client/slots';
import { addDays, formatInstantTime, formatLocalDate, todayIn } from '@/components/provider/format';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { WINDOW_DAYS, defaultDay, slotCount, type SlotOffice } from '@/components/slots/slot-selection';

/**
 * The free slots of the appointment's provider at its office, a week at a time, grouped
 * morning and afternoon in the office's zone. The same pieces as the provider page's picker
 * (components/slots/: slot-selection, the slots query), but choosing a slot hands it to the
 * reschedule dialog instead of linking to the booking page, and there is no office to switch
 * (a reschedule keeps the office).
 */
export function RescheduleSlotPicker({
  providerId,
  office,
  chosen,
  onChoose,
}: {
  providerId: number;
  office: SlotOffice;
  chosen: Slot | undefined;
  onChoose: (slot: Slot) => void;
}) {
  const t = useTranslations('appointments.slots');
  const locale = useLocale();
  const [from, setFrom] = useState<string>();
  const [day, setDay] = useState<string>();
  const query = useProviderSlots({ providerId, officeId: office.id, from, to: from ? addDays(from, WINDOW_DAYS - 1) : undefined });
  const data = query.data;
  const today = todayIn(office.timeZone);
  const start = data?.from ?? from ?? today;
  const days = data?.days ?? [];
  const shownDay = days.find((d) => d.date === day) ?? days.find((d) => d.date === defaultDay(days));
  const longDate = (date: string) => formatLocalDate(date, locale, { weekday: 'long', month: 'long', day: 'numeric' });
  const time = (slot: Slot) => formatInstantTime(slot.start, office.timeZone, locale);

  function page(direction: 1 | -1) {
    const next = addDays(start, direction * WINDOW_DAYS);
    setFrom(next <= today ? undefined : next);
    setDay(undefined);
  }

  const windowDays = days.length
    ? days.map((d) => ({ date: d.date, day: d as SlotDay | undefined }))
    : Array.from({ length: WINDOW_DAYS }, (_, i) => ({ date: addDays(start, i), day: undefined }));

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-1" role="group" aria-label={t('days')}>
        <button
          type="button"
          onClick={() => page(-1)}
          disabled={start <= today}
          aria-label={t('previousDays')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 disabled:opacity-40"
        >
          <ChevronLeftIcon className="size-5" />
        </button>
        <ul className="grid flex-1 grid-cols-7 gap-1">
          {windowDays.map(({ date, day: d }) => {
            const count = d ? slotCount(d) : undefined;
            const pressed = shownDay?.date === date;
            return (
              <li key={date}>
                <button
                  type="button"
                  aria-pressed={pressed}
                  disabled={count === undefined}
                  onClick={() => setDay(date)}
                  className={`flex min-h-14 w-full flex-col items-center justify-center rounded-lg border px-0.5 text-xs leading-tight ${
                    pressed
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : count
                        ? 'border-slate-300 bg-white text-slate-900 hover:border-brand-700'
                        : 'border-slate-200 bg-slate-50 text-slate-600'
                  }`}
                >
                  <span className="font-semibold">{formatLocalDate(date, locale, { weekday: 'short' })}</span>
                  <span>{formatLocalDate(date, locale, { day: 'numeric' })}</span>
                  <span className="sr-only">
                    , {longDate(date)}
                    {count === undefined ? '' : `, ${t('slotCount', { count })}`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          onClick={() => page(1)}
          aria-label={t('nextDays')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
        >
          <ChevronRightIcon className="size-5" />
        </button>
      </div>

      <div aria-busy={query.isFetching} className="min-h-40">
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
          <DaySlots day={shownDay} heading={longDate(shownDay.date)} time={time} chosen={chosen?.start} onChoose={onChoose} />
        ) : null}
      </div>
      {chosen ? (
        <p role="status" className="text-sm font-medium text-slate-900">
          {t('chosen', { date: longDate(chosen.localDate), time: time(chosen) })}
        </p>
      ) : null}
    </div>
  );
}

function DaySlots({
  day,
  heading,
  time,
  chosen,
  onChoose,
}: {
  day: SlotDay;
  heading: string;
  time: (slot: Slot) => string;
  chosen: string | undefined;
  onChoose: (slot: Slot) => void;
}) {
  const t = useTranslations('appointments.slots');
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
              <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
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

'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Slot } from '@/lib/contracts/discovery';
import { useProviderSlots } from '@/lib/api-client/slots';
import { addDays, formatInstantTime, formatLocalDate, todayIn } from '@/components/provider/format';
import { DayStrip } from '@/components/slots/day-strip';
import { DaySlots, findSlot } from '@/components/slots/slot-picker';
import { WINDOW_DAYS, defaultDay, type SlotOffice } from '@/components/slots/slot-selection';

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

  return (
    <div className="space-y-4">
      <DayStrip
        days={days}
        start={start}
        shownDate={shownDay?.date}
        locale={locale}
        longDate={longDate}
        onChoose={setDay}
        onPage={page}
        canGoBack={start > today}
        labels={{ group: t('days'), previous: t('previousDays'), next: t('nextDays'), slotCount: (count) => t('slotCount', { count }) }}
      />
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
          <DaySlots
            day={shownDay}
            heading={longDate(shownDay.date)}
            time={time}
            chosen={chosen?.start}
            onChoose={(start) => {
              const slot = findSlot(days, start);
              if (slot) onChoose(slot);
            }}
            labels={{ morning: t('morning'), afternoon: t('afternoon'), none: t('noSlotsDay') }}
          />
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

'use client';

import { useEffect, useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useProviderSlots } from '@/lib/api-client/slots';
import type { ProviderSlots } from '@/lib/contracts/providers';
import { addDays, todayIn } from '@/components/provider/format';
import { DaySlots, findSlot } from '@/components/slots/slot-picker';
import { DayStrip } from '@/components/slots/day-strip';
import { WINDOW_DAYS, defaultDay, initialSelection, slotCount } from '@/components/slots/slot-selection';
import { FieldError, controlClass, labelClass } from '@/components/ui/field-help';
import type { BookingOffice } from './booking-types';
import { localDateOf, longDate, slotTime, zoneLabel } from './booking-format';

const MAX_DAYS_AHEAD = 365;

/**
 * Step 1's date and time: the provider's free slots at the chosen office, by day, morning and
 * afternoon (SPEC.md section 4), with the zone named next to the times. Built from the slot
 * picker's pieces (components/slots); unlike the provider page's picker, the choice is a form
 * value, and the slot that came in the URL starts chosen.
 */
export function SlotField({
  providerId,
  offices,
  officeId,
  slotStart,
  onChange,
  onSlotsLoaded,
  error,
}: {
  providerId: number;
  offices: readonly BookingOffice[];
  officeId: number;
  slotStart: string;
  onChange: (next: { officeId: number; slotStart: string }) => void;
  onSlotsLoaded?: (slots: ProviderSlots) => void;
  error?: string;
}) {
  const t = useTranslations('slots');
  const tb = useTranslations('booking.slot');
  const locale = useLocale();
  const id = useId();
  const [initial] = useState(() =>
    initialSelection({ get: (name) => (name === 'office' ? String(officeId) : name === 'slot' ? slotStart : null) }, offices),
  );
  const [from, setFrom] = useState(initial.from);
  const [day, setDay] = useState(initial.day);
  const office = offices.find((o) => o.id === officeId) ?? offices[0]!;

  const query = useProviderSlots({ providerId, officeId, from, to: from ? addDays(from, WINDOW_DAYS - 1) : undefined });
  const data = query.data && query.data.officeId === officeId ? query.data : undefined;
  useEffect(() => {
    if (data) onSlotsLoaded?.(data);
  }, [data, onSlotsLoaded]);
  const today = todayIn(office.timeZone);
  const start = data?.from ?? from ?? today;
  const days = data?.days ?? [];
  const shownDay = days.find((d) => d.date === day) ?? days.find((d) => d.date === defaultDay(days));
  const chosen = slotStart ? findSlot(days, slotStart) : undefined;
  const zone = zoneLabel(office.timeZone, locale);
  const errorId = error ? `${id}-error` : undefined;

  function chooseOffice(next: number) {
    setFrom(undefined);
    setDay(undefined);
    onChange({ officeId: next, slotStart: '' });
  }

  function page(direction: 1 | -1) {
    const next = addDays(start, direction * WINDOW_DAYS);
    setFrom(next <= today ? undefined : next);
    setDay(undefined);
  }

  return (
    <div
      role="group"
      aria-labelledby={`${id}-legend`}
      aria-describedby={[`${id}-zone`, errorId].filter(Boolean).join(' ')}
      tabIndex={-1}
      data-booking-field="slotStart"
      className="space-y-4"
    >
      <h3 id={`${id}-legend`} className="text-lg font-semibold text-slate-900">
        {tb('legend')}
      </h3>
      {offices.length > 1 ? (
        <div>
          <label htmlFor={`${id}-office`} className={labelClass}>
            {t('office')}
          </label>
          <select
            id={`${id}-office`}
            value={officeId}
            onChange={(event) => chooseOffice(Number(event.target.value))}
            className={controlClass}
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
      <p id={`${id}-zone`} className="text-sm text-slate-700">
        {t('timeZone', { zone })}
      </p>

      <DayStrip
        days={days}
        start={start}
        shownDate={shownDay?.date}
        locale={locale}
        longDate={(date) => longDate(date, locale)}
        onChoose={setDay}
        onPage={page}
        canGoBack={start > today}
        canGoForward={addDays(start, WINDOW_DAYS) <= addDays(today, MAX_DAYS_AHEAD - WINDOW_DAYS)}
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
            heading={longDate(shownDay.date, locale)}
            time={(slot) => slotTime(slot.start, office.timeZone, locale)}
            chosen={slotStart || undefined}
            onChoose={(next) => onChange({ officeId, slotStart: next })}
            labels={{ morning: t('morning'), afternoon: t('afternoon'), none: t('noSlotsDay') }}
          />
        ) : null}
      </div>

      <p role="status" className="text-sm font-medium text-slate-900">
        {chosen
          ? tb('chosen', { date: longDate(chosen.localDate, locale), time: slotTime(chosen.start, office.timeZone, locale), zone })
          : slotStart && data && !query.isPlaceholderData && isWithin(localDateOf(slotStart, office.timeZone), data.from, data.to)
            ? t('pickedGone')
            : ''}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

function isWithin(date: string, from: string, to: string): boolean {
  return date >= from && date <= to;
}

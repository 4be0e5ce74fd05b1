'use client';

import { useEffect, useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useProviderSlots } from '@/lib/api-client/slots';
import type { ProviderSlots } from '@/lib/contracts/providers';
import { initialSelection } from '@/components/slots/slot-selection';
import { OfficeChoice } from '@/components/slots/office-choice';
import { SlotWindow, findSlot, useSlotWindow } from '@/components/slots/slot-window';
import { FieldError } from '@/components/ui/field-help';
import { localDateOf, longDate, slotTime, zoneLabel } from './booking-format';
import type { BookingOffice } from './booking-types';

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
    initialSelection(
      { get: (name) => (name === 'office' ? String(officeId) : name === 'slot' ? slotStart : null) },
      offices,
    ),
  );
  const week = useSlotWindow(initial);
  const office = offices.find((o) => o.id === officeId) ?? offices[0]!;

  const query = useProviderSlots({ providerId, officeId, from: week.from, to: week.to });
  const data = query.data && query.data.officeId === officeId ? query.data : undefined;
  useEffect(() => {
    if (data) onSlotsLoaded?.(data);
  }, [data, onSlotsLoaded]);
  const chosen = slotStart ? findSlot(data?.days ?? [], slotStart) : undefined;
  const zone = zoneLabel(office.timeZone, locale);
  const errorId = error ? `${id}-error` : undefined;

  function chooseOffice(next: number) {
    week.reset();
    onChange({ officeId: next, slotStart: '' });
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
      <OfficeChoice
        id={`${id}-office`}
        label={t('office')}
        offices={offices}
        officeId={officeId}
        onChange={chooseOffice}
      />
      <p id={`${id}-zone`} className="text-sm text-slate-700">
        {t('timeZone', { zone })}
      </p>

      <SlotWindow
        week={week}
        timeZone={office.timeZone}
        slots={data}
        query={query}
        locale={locale}
        longDate={(date) => longDate(date, locale)}
        time={(slot) => slotTime(slot.start, office.timeZone, locale)}
        chosen={slotStart || undefined}
        onChoose={(slot) => onChange({ officeId, slotStart: slot.start })}
        className="min-h-40"
        t={t}
      />

      <p role="status" className="text-sm font-medium text-slate-900">
        {chosen
          ? tb('chosen', {
              date: longDate(chosen.localDate, locale),
              time: slotTime(chosen.start, office.timeZone, locale),
              zone,
            })
          : slotStart &&
              data &&
              !query.isPlaceholderData &&
              isWithin(localDateOf(slotStart, office.timeZone), data.from, data.to)
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

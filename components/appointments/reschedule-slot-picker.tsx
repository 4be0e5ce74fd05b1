'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { Slot } from '@/lib/contracts/discovery';
import { useProviderSlots } from '@/lib/api-client/slots';
import { formatInstantTime, formatLocalDate } from '@/components/provider/format';
import type { SlotOffice } from '@/components/slots/slot-selection';
import { SlotWindow, useSlotWindow } from '@/components/slots/slot-window';

/**
 * The free slots of the appointment's provider at its office, a week at a time, grouped
 * morning and afternoon in the office's zone. The same pieces as the provider page's picker
 * (components/slots/slot-window.tsx, the slots query), but choosing a slot hands it to the
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
  const week = useSlotWindow();
  const query = useProviderSlots({ providerId, officeId: office.id, from: week.from, to: week.to });
  const longDate = (date: string) => formatLocalDate(date, locale, { weekday: 'long', month: 'long', day: 'numeric' });
  const time = (slot: Slot) => formatInstantTime(slot.start, office.timeZone, locale);

  return (
    <div className="space-y-4">
      {/* No stop at the API's farthest day, unlike the booking pickers (as it has always been). */}
      <SlotWindow
        week={week}
        timeZone={office.timeZone}
        slots={query.data}
        query={query}
        locale={locale}
        longDate={longDate}
        time={time}
        chosen={chosen?.start}
        onChoose={onChoose}
        boundedAhead={false}
        className="min-h-40"
        t={t}
      />
      {chosen ? (
        <p role="status" className="text-sm font-medium text-slate-900">
          {t('chosen', { date: longDate(chosen.localDate), time: time(chosen) })}
        </p>
      ) : null}
    </div>
  );
}

'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import type { SlotPickerOffice } from './slot-picker';

/** What the cached HTML holds in the picker's place: its frame and a loading line, at its size. */
function SlotPickerSkeleton() {
  const t = useTranslations('slots');
  return (
    <div className="min-h-[25rem]">
      <p role="status" className="text-slate-700">
        {t('loading')}
      </p>
    </div>
  );
}

// Slots are live data and the page around them is cached, so the picker has nothing to show
// before it has asked the server; its code (and React Query) loads after the page.
const SlotPicker = dynamic(() => import('./slot-picker').then((m) => m.SlotPicker), {
  ssr: false,
  loading: SlotPickerSkeleton,
});

export function SlotPickerLoader({
  providerId,
  offices,
}: {
  providerId: number;
  offices: readonly SlotPickerOffice[];
}) {
  return <SlotPicker providerId={providerId} offices={offices} />;
}

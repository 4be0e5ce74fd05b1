'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatFee } from '@/components/provider/format';
import { localDateOf, longDate, slotTime, zoneLabel } from './booking-format';
import type { BookingOffice } from './booking-types';
import type { ReactNode } from 'react';

export interface SummaryData {
  providerName: string;
  office: BookingOffice;
  slotStart: string;
  visitType: 'inOffice' | 'virtual';
  patientName: string;
  reason: string;
  insurance: string | null;
  notes: string;
  imageCount: number;
  feeCents: number;
}

/** The booking as it will be made (step 2) or was made (the booked screen): date and time in the office's zone. */
export function BookingSummary({ data, extra }: { data: SummaryData; extra?: ReactNode }) {
  const t = useTranslations('booking.summary');
  const tv = useTranslations('booking.visitType');
  const locale = useLocale();
  const { office } = data;
  const address = [office.addressLine, office.suite, `${office.city}, ${office.state} ${office.zip}`]
    .filter(Boolean)
    .join(', ');
  const rows: [string, ReactNode][] = [
    [t('provider'), data.providerName],
    [t('office'), `${office.name}, ${address}`],
    [t('date'), longDate(localDateOf(data.slotStart, office.timeZone), locale)],
    [t('time'), `${slotTime(data.slotStart, office.timeZone, locale)} (${zoneLabel(office.timeZone, locale)})`],
    [t('visitType'), data.visitType === 'virtual' ? tv('virtual') : tv('inOffice')],
    [t('patient'), data.patientName],
    [t('reason'), data.reason],
    [t('insurance'), data.insurance ?? t('selfPay')],
    [t('notes'), data.notes],
    [t('images'), t('imageCount', { count: data.imageCount })],
    [t('fee'), data.feeCents > 0 ? formatFee(data.feeCents, locale) : t('noFee')],
  ];
  return (
    <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <dt className="font-semibold text-slate-900">{term}</dt>
          <dd className="whitespace-pre-line break-words text-slate-800">{value}</dd>
        </div>
      ))}
      {extra}
    </dl>
  );
}

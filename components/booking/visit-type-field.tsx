'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { FieldError } from '@/components/ui/field-help';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** In office or teledental; teledental only where the office offers it (and takes its payments). */
export function VisitTypeField({
  value,
  teledentalAvailable,
  feeText,
  error,
  register,
}: {
  value: string;
  teledentalAvailable: boolean;
  feeText: string;
  error?: string;
  register: UseFormRegisterReturn;
}) {
  const t = useTranslations('booking.visitType');
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId} className="space-y-2">
      <legend className="text-lg font-semibold text-slate-900">{t('legend')}</legend>
      <label className="flex items-center gap-3 text-slate-900">
        <input
          type="radio"
          value="inOffice"
          data-booking-field="visitType"
          className="size-5 accent-brand-700"
          {...register}
        />
        {t('inOffice')} <span className="text-sm text-slate-700">({t('inOfficeFee')})</span>
      </label>
      {teledentalAvailable ? (
        <label className="flex items-center gap-3 text-slate-900">
          <input type="radio" value="virtual" className="size-5 accent-brand-700" {...register} />
          {t('virtual')} <span className="text-sm text-slate-700">({t('virtualFee', { fee: feeText })})</span>
        </label>
      ) : (
        <p className="text-sm text-slate-700">{t('virtualUnavailable')}</p>
      )}
      {value === 'virtual' ? <p className="text-sm text-slate-700">{t('virtualHint')}</p> : null}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

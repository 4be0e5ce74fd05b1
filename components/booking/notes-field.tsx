'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { MAX_NOTES_LENGTH } from '@/lib/contracts/appointments';
import { charCount } from '@/lib/contracts/validation';
import { FieldError, FieldHint, controlClass, fieldA11y, labelClass } from '@/components/ui/field-help';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The patient's notes for the dentist, with the characters left. */
export function NotesField({
  value,
  error,
  register,
}: {
  value: string;
  error?: string;
  register: UseFormRegisterReturn;
}) {
  const t = useTranslations('booking.notes');
  const id = useId();
  const left = MAX_NOTES_LENGTH - charCount(value ?? '');
  const counterId = `${id}-counter`;
  const { hintId, errorId, controlProps } = fieldA11y(id, { hint: t('hint'), error });
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t('label')}
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={MAX_NOTES_LENGTH}
        aria-required
        data-booking-field="notes"
        {...controlProps}
        aria-describedby={[controlProps['aria-describedby'], counterId].filter(Boolean).join(' ')}
        {...register}
        className={controlClass}
      />
      <FieldHint id={hintId}>{t('hint')}</FieldHint>
      <p id={counterId} className="mt-1 text-sm text-slate-600">
        {t('left', { count: left })}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

'use client';

import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { useErrorText } from '@/components/ui/form-errors';
import { MAX_REVIEW_TEXT_LENGTH, type ReviewRequest, type reviewRequestSchema } from '@/lib/contracts/reviews';
import { charCount } from '@/lib/contracts/validation';
import { FieldError, controlClass, labelClass } from '@/components/ui/field-help';
import { RatingInput } from './review-stars';
import type { RefObject } from 'react';
import type { z } from 'zod';

export type ReviewInput = z.input<typeof reviewRequestSchema>;

/**
 * The stars and the text of a review, over the contract's reviewRequestSchema: the same fields in
 * the feedback page and the write-or-edit dialog. Each form words its own errors and owns the
 * refs, so it can focus the first invalid field.
 */
export function ReviewFields({
  id,
  control,
  register,
  text,
  ratingError,
  textMessage,
  rows,
  ratingRef,
  textRef,
}: {
  id: string;
  control: Control<ReviewInput, unknown, ReviewRequest>;
  register: UseFormRegister<ReviewInput>;
  /** The text as typed, for the characters left. */
  text: string;
  ratingError?: string;
  /** The text field's error as the contract gives it (a message key), if any. */
  textMessage?: string;
  rows: number;
  ratingRef: RefObject<HTMLDivElement | null>;
  textRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const t = useTranslations('reviews');
  const errorText = useErrorText();
  // The contract's generic "required" is said in the words of a review.
  const textError =
    textMessage === 'validation.required' ? t('textRequired') : errorText(textMessage, MAX_REVIEW_TEXT_LENGTH);
  const { ref: textRegisterRef, ...textField } = register('text');
  return (
    <>
      <div ref={ratingRef}>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <RatingInput value={field.value as number | undefined} onChange={field.onChange} error={ratingError} />
          )}
        />
      </div>
      <div>
        <label htmlFor={`${id}-text`} className={labelClass}>
          {t('text')}
        </label>
        <textarea
          id={`${id}-text`}
          rows={rows}
          maxLength={MAX_REVIEW_TEXT_LENGTH}
          aria-required
          aria-invalid={textError ? true : undefined}
          aria-describedby={[`${id}-hint`, textError ? `${id}-error` : ''].filter(Boolean).join(' ')}
          {...textField}
          ref={(el) => {
            textRegisterRef(el);
            textRef.current = el;
          }}
          className={controlClass}
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {t('textHelp', { left: MAX_REVIEW_TEXT_LENGTH - charCount(text) })}
        </p>
        <FieldError id={textError ? `${id}-error` : undefined}>{textError}</FieldError>
      </div>
    </>
  );
}

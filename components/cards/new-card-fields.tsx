'use client';

import { useCallback } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/text-field';
import { cvvSize, formatCardNumber, formatExpiry, type CardFormValues } from './card-form-schema';

/**
 * The new-card fields (SPEC.md section 3 "Credit card form"): number grouped as its type prints
 * it, expiry as MM/YY, CVV of 3 or 4 digits by type, name on card, and the save / make-default
 * choices. Shared by the booking's payment step and the account's saved cards, bound to the
 * caller's react-hook-form over cardFormSchema. `saveChoice`: the payment step asks whether to
 * keep the card; the account always keeps it and asks only about the default.
 */
export function NewCardFields({ form, saveChoice }: { form: UseFormReturn<CardFormValues>; saveChoice: boolean }) {
  const tc = useTranslations('booking.card');
  const errorText = useCardErrorText();
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = form;
  const size = cvvSize(watch('cardNumber'));
  const saveCard = watch('saveCard');
  return (
    <>
      <Controller
        control={control}
        name="cardNumber"
        render={({ field }) => (
          <TextField
            label={tc('number')}
            inputMode="numeric"
            autoComplete="cc-number"
            isRequired
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(formatCardNumber(event.target.value))}
            error={errorText(errors.cardNumber?.message)}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="expiry"
          render={({ field }) => (
            <TextField
              label={tc('expiry')}
              hint={tc('expiryHint')}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={tc('expiryPlaceholder')}
              isRequired
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(formatExpiry(event.target.value))}
              error={errorText(errors.expiry?.message)}
            />
          )}
        />
        <TextField
          label={tc('cvv')}
          hint={tc('cvvHint', { digits: size })}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          isRequired
          error={errorText(errors.cardCode?.message)}
          {...register('cardCode')}
        />
      </div>
      <TextField
        label={tc('name')}
        autoComplete="cc-name"
        isRequired
        error={errorText(errors.name?.message)}
        {...register('name')}
      />
      {saveChoice ? <CheckboxField label={tc('save')} {...register('saveCard')} /> : null}
      {!saveChoice || saveCard ? <CheckboxField label={tc('makeDefault')} {...register('isPrimary')} /> : null}
      <p className="text-sm text-slate-700">{tc('privacy')}</p>
    </>
  );
}

/** Field errors of the card rules carry `booking.card.*` keys (the booking form's, where they began). */
export function useCardErrorText() {
  const t = useTranslations();
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      return message.startsWith('validation.') || message.startsWith('booking.card.')
        ? t(message as Parameters<typeof t>[0])
        : message;
    },
    [t],
  );
}

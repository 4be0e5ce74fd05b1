'use client';

import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { GENDERS } from '@/lib/contracts/user';
import { useCountries } from '@/lib/api-client/countries';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from '@/components/ui/select-field';
import { useErrorText } from '@/components/ui/form-errors';
import type { ProfileFormInput } from './profile-form-schema';

/**
 * The patient fields of SPEC.md section 3, shared by sign-up and the profile editor. Fields are
 * registered in reading order, so react-hook-form focuses the first invalid one on submit.
 * `afterName` slots in what sign-up adds between the name and the phone (the email).
 */
export function ProfileFields({ afterName }: { afterName?: ReactNode }) {
  const t = useTranslations('fields');
  const locale = useLocale();
  const countries = useCountries(locale);
  const errorText = useErrorText();
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProfileFormInput>();
  const phoneCountry = countries.find((c) => c.code === watch('phoneCountry'));

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('firstName')}
          autoComplete="given-name"
          isRequired
          error={errorText(errors.firstName?.message)}
          {...register('firstName')}
        />
        <TextField
          label={t('lastName')}
          autoComplete="family-name"
          isRequired
          error={errorText(errors.lastName?.message)}
          {...register('lastName')}
        />
      </div>
      {afterName}
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('phone')}</legend>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_1fr]">
          <SelectField
            label={t('phoneCountry')}
            autoComplete="tel-country-code"
            isRequired
            options={countries.map((c) => ({
              value: c.code,
              label: t('dialCodeOption', { country: c.name, dialCode: c.dialCode }),
            }))}
            error={errorText(errors.phoneCountry?.message)}
            {...register('phoneCountry')}
          />
          <TextField
            label={t('phoneNumber')}
            // type=text: the national-number autofill token is not allowed on type=tel (HTML autofill table).
            inputMode="tel"
            autoComplete="tel-national"
            isRequired
            hint={phoneCountry ? t('phoneHint', { max: phoneCountry.maxPhoneLength }) : undefined}
            error={errorText(errors.phoneNumber?.message)}
            {...register('phoneNumber')}
          />
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('gender')}
          placeholder={t('selectGender')}
          options={GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))}
          isRequired
          error={errorText(errors.gender?.message)}
          {...register('gender')}
        />
        <TextField
          label={t('dateOfBirth')}
          type="date"
          autoComplete="bday"
          isRequired
          hint={t('dateOfBirthHint')}
          error={errorText(errors.dateOfBirth?.message)}
          {...register('dateOfBirth')}
        />
      </div>
      <TextField
        label={t('streetAddress')}
        autoComplete="address-line1"
        isRequired
        error={errorText(errors.streetAddress?.message)}
        {...register('streetAddress')}
      />
      <TextField
        label={t('suite')}
        autoComplete="address-line2"
        error={errorText(errors.suite?.message)}
        {...register('suite')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('city')}
          autoComplete="address-level2"
          isRequired
          error={errorText(errors.city?.message)}
          {...register('city')}
        />
        <TextField
          label={t('state')}
          autoComplete="address-level1"
          isRequired
          error={errorText(errors.state?.message)}
          {...register('state')}
        />
        <TextField
          label={t('zip')}
          autoComplete="postal-code"
          isRequired
          error={errorText(errors.zip?.message)}
          {...register('zip')}
        />
        <SelectField
          label={t('country')}
          autoComplete="country"
          placeholder={t('selectCountry')}
          isRequired
          options={countries.map((c) => ({ value: c.code, label: c.name }))}
          error={errorText(errors.country?.message)}
          {...register('country')}
        />
      </div>
    </>
  );
}

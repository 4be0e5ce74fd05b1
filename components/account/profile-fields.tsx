'use client';

import { useFormContext } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { ADDRESS_LIMITS, GENDERS } from '@/lib/contracts/user';
import { MAX_NAME_LENGTH } from '@/lib/contracts/validation';
import { useCountries } from '@/lib/api-client/countries';
import { useErrorText } from '@/components/ui/form-errors';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from '@/components/ui/select-field';
import { PROFILE_FIELD_NAMES, type ProfileFormInput } from './profile-form-schema';
import type { ReactNode } from 'react';

/**
 * The patient fields of SPEC.md section 3, shared by sign-up and the profile editor, bound to
 * the surrounding react-hook-form. `afterName` slots in what sign-up adds between the name and
 * the phone (the email).
 */
export function ProfileFields({ afterName }: { afterName?: ReactNode }) {
  const locale = useLocale();
  const countries = useCountries(locale);
  const errorText = useErrorText();
  const {
    register,
    watch,
    formState: { errors: fieldErrors },
  } = useFormContext<ProfileFormInput>();
  const field = register;
  const limits: Partial<Record<string, number>> = {
    firstName: MAX_NAME_LENGTH,
    lastName: MAX_NAME_LENGTH,
    ...ADDRESS_LIMITS,
  };
  const errors = Object.fromEntries(
    PROFILE_FIELD_NAMES.map((name) => [name, errorText(fieldErrors[name]?.message, limits[name])]),
  );
  const t = useTranslations('fields');
  const phone = countries.find((c) => c.code === watch('phoneCountry'));
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('firstName')}
          autoComplete="given-name"
          isRequired
          maxChars={MAX_NAME_LENGTH}
          error={errors.firstName}
          {...field('firstName')}
        />
        <TextField
          label={t('lastName')}
          autoComplete="family-name"
          isRequired
          maxChars={MAX_NAME_LENGTH}
          error={errors.lastName}
          {...field('lastName')}
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
            error={errors.phoneCountry}
            {...field('phoneCountry')}
          />
          <TextField
            label={t('phoneNumber')}
            // type=text: the national-number autofill token is not allowed on type=tel (HTML autofill table).
            inputMode="tel"
            autoComplete="tel-national"
            isRequired
            hint={phone ? t('phoneHint', { max: phone.maxPhoneLength }) : undefined}
            error={errors.phoneNumber}
            {...field('phoneNumber')}
          />
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('gender')}
          placeholder={t('selectGender')}
          options={GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))}
          isRequired
          error={errors.gender}
          {...field('gender')}
        />
        <TextField
          label={t('dateOfBirth')}
          type="date"
          autoComplete="bday"
          isRequired
          hint={t('dateOfBirthHint')}
          error={errors.dateOfBirth}
          {...field('dateOfBirth')}
        />
      </div>
      <TextField
        label={t('streetAddress')}
        autoComplete="address-line1"
        isRequired
        maxChars={ADDRESS_LIMITS.streetAddress}
        error={errors.streetAddress}
        {...field('streetAddress')}
      />
      <TextField
        label={t('suite')}
        autoComplete="address-line2"
        maxChars={ADDRESS_LIMITS.suite}
        error={errors.suite}
        {...field('suite')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('city')}
          autoComplete="address-level2"
          isRequired
          maxChars={ADDRESS_LIMITS.city}
          error={errors.city}
          {...field('city')}
        />
        <TextField
          label={t('state')}
          autoComplete="address-level1"
          isRequired
          maxChars={ADDRESS_LIMITS.state}
          error={errors.state}
          {...field('state')}
        />
        <TextField label={t('zip')} autoComplete="postal-code" isRequired error={errors.zip} {...field('zip')} />
        <SelectField
          label={t('country')}
          autoComplete="country"
          placeholder={t('selectCountry')}
          isRequired
          options={countries.map((c) => ({ value: c.code, label: c.name }))}
          error={errors.country}
          {...field('country')}
        />
      </div>
    </>
  );
}

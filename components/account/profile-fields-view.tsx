import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { Country } from '@/lib/contracts/countries';
import type { GENDERS } from '@/lib/contracts/user';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from '@/components/ui/select-field';

export type ProfileFieldName =
  | 'firstName'
  | 'lastName'
  | 'phoneCountry'
  | 'phoneNumber'
  | 'gender'
  | 'dateOfBirth'
  | 'streetAddress'
  | 'suite'
  | 'city'
  | 'state'
  | 'zip'
  | 'country';

/** A control's props: react-hook-form's register, or a plain form's name and initial value. */
export type FieldBinding = UseFormRegisterReturn<string> | { name: string; defaultValue?: string };

/**
 * The patient fields' markup (SPEC.md section 3), without a form library: the validated forms
 * pass react-hook-form's register (profile-fields.tsx), sign-up's plain first-load form passes
 * names only (components/auth/signup-form.tsx). Types only from the contracts: importing their
 * values would bring zod into the page's first load.
 */
export function ProfileFieldsView({
  field,
  errors,
  countries,
  genders,
  phoneCountry,
  afterName,
}: {
  field: (name: ProfileFieldName) => FieldBinding;
  /** Already translated. */
  errors: Partial<Record<ProfileFieldName, string>>;
  countries: readonly Country[];
  genders: typeof GENDERS;
  /** The phone's country as currently chosen, for the length hint. */
  phoneCountry: string | undefined;
  afterName?: ReactNode;
}) {
  const t = useTranslations('fields');
  const phone = countries.find((c) => c.code === phoneCountry);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('firstName')} autoComplete="given-name" isRequired error={errors.firstName} {...field('firstName')} />
        <TextField label={t('lastName')} autoComplete="family-name" isRequired error={errors.lastName} {...field('lastName')} />
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
          options={genders.map((g) => ({ value: g, label: t(`genders.${g}`) }))}
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
        error={errors.streetAddress}
        {...field('streetAddress')}
      />
      <TextField label={t('suite')} autoComplete="address-line2" error={errors.suite} {...field('suite')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('city')} autoComplete="address-level2" isRequired error={errors.city} {...field('city')} />
        <TextField label={t('state')} autoComplete="address-level1" isRequired error={errors.state} {...field('state')} />
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

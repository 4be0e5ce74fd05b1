import type { ComponentProps, ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { Country } from '@/lib/contracts/countries';
import type { NamedRef } from '@/lib/contracts/discovery';
import type { PracticeType } from '@/lib/contracts/practice-requests';
import type { FieldBinding } from '@/components/account/profile-fields-view';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from '@/components/ui/select-field';
import { FieldError, FieldHint } from '@/components/ui/field-help';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';

export type PracticeFieldName =
  | 'practiceName'
  | 'phoneCountry'
  | 'phoneNumber'
  | 'website'
  | 'email'
  | 'address'
  | 'suite'
  | 'contactName'
  | 'practiceType'
  | 'providerFirstName'
  | 'providerLastName'
  | 'mobileCountry'
  | 'mobileNumber'
  | 'providerEmail'
  | 'npi'
  | 'specialtyIds'
  | 'previouslyProvider';

/** The order of the fields on the page: the first invalid one in it gets the focus. */
export const PRACTICE_FIELD_NAMES: readonly PracticeFieldName[] = [
  'practiceName',
  'phoneCountry',
  'phoneNumber',
  'website',
  'email',
  'address',
  'suite',
  'contactName',
  'practiceType',
  'providerFirstName',
  'providerLastName',
  'mobileCountry',
  'mobileNumber',
  'providerEmail',
  'npi',
  'specialtyIds',
  'previouslyProvider',
];

/** A checkbox or radio of a group, with its value. */
export type ChoiceBinding = (name: 'specialtyIds' | 'previouslyProvider', value: string) => FieldBinding & { value: string };

function PhoneFields({
  legend,
  countryName,
  numberName,
  field,
  errors,
  countries,
  country,
}: {
  legend: string;
  countryName: 'phoneCountry' | 'mobileCountry';
  numberName: 'phoneNumber' | 'mobileNumber';
  field: (name: PracticeFieldName) => FieldBinding;
  errors: Partial<Record<PracticeFieldName, string>>;
  countries: readonly Country[];
  country: string | undefined;
}) {
  const tf = useTranslations('fields');
  const chosen = countries.find((c) => c.code === country);
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_1fr]">
        <SelectField
          label={tf('phoneCountry')}
          autoComplete="tel-country-code"
          isRequired
          options={countries.map((c) => ({ value: c.code, label: tf('dialCodeOption', { country: c.name, dialCode: c.dialCode }) }))}
          error={errors[countryName]}
          {...field(countryName)}
        />
        <TextField
          label={tf('phoneNumber')}
          inputMode="tel"
          autoComplete="tel-national"
          isRequired
          hint={chosen ? tf('phoneHint', { max: chosen.maxPhoneLength }) : undefined}
          error={errors[numberName]}
          {...field(numberName)}
        />
      </div>
    </fieldset>
  );
}

/**
 * The listing request's markup (SPEC.md section 3), the same for the plain first-load form and the
 * validated one (practice-form.tsx). Types only from the contracts: their values would bring zod
 * into the public page's first load. `addressFinder` is the validated form's location autocomplete.
 */
export function PracticeFormView({
  formProps,
  field,
  choice,
  errors = {},
  countries,
  specialties,
  practiceTypes,
  phoneCountry,
  mobileCountry,
  addressFinder,
  alert,
  busy = false,
}: {
  formProps?: Omit<ComponentProps<'form'>, 'method' | 'noValidate' | 'className'>;
  field: (name: PracticeFieldName) => FieldBinding;
  choice: ChoiceBinding;
  /** Already translated. */
  errors?: Partial<Record<PracticeFieldName, string>>;
  countries: readonly Country[];
  specialties: readonly NamedRef[];
  practiceTypes: readonly PracticeType[];
  phoneCountry: string | undefined;
  mobileCountry: string | undefined;
  addressFinder?: ReactNode;
  alert?: string;
  busy?: boolean;
}) {
  const t = useTranslations('practice');
  const legendClass = 'mb-2 text-lg font-semibold text-slate-900';
  const groupLegend = 'mb-1 text-sm font-medium text-slate-800';
  return (
    <>
      <FormAlert>{alert}</FormAlert>
      <form {...formProps} method="post" noValidate className="space-y-6">
        <fieldset className="space-y-4">
          <legend className={legendClass}>{t('practiceSection')}</legend>
          <TextField label={t('practiceName')} autoComplete="organization" isRequired error={errors.practiceName} {...field('practiceName')} />
          <PhoneFields
            legend={t('phone')}
            countryName="phoneCountry"
            numberName="phoneNumber"
            field={field}
            errors={errors}
            countries={countries}
            country={phoneCountry}
          />
          <TextField label={t('website')} type="url" autoComplete="url" hint={t('websiteHint')} error={errors.website} {...field('website')} />
          <TextField label={t('email')} type="email" autoComplete="email" isRequired error={errors.email} {...field('email')} />
          {addressFinder}
          <TextField label={t('address')} autoComplete="street-address" isRequired error={errors.address} {...field('address')} />
          <TextField label={t('suite')} autoComplete="address-line2" error={errors.suite} {...field('suite')} />
          <TextField label={t('contactName')} autoComplete="name" isRequired error={errors.contactName} {...field('contactName')} />
          <SelectField
            label={t('practiceType')}
            placeholder={t('selectPracticeType')}
            isRequired
            options={practiceTypes.map((type) => ({ value: type, label: t(`practiceTypes.${type}`) }))}
            error={errors.practiceType}
            {...field('practiceType')}
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className={legendClass}>{t('providerSection')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('providerFirstName')} isRequired error={errors.providerFirstName} {...field('providerFirstName')} />
            <TextField label={t('providerLastName')} isRequired error={errors.providerLastName} {...field('providerLastName')} />
          </div>
          <PhoneFields
            legend={t('mobile')}
            countryName="mobileCountry"
            numberName="mobileNumber"
            field={field}
            errors={errors}
            countries={countries}
            country={mobileCountry}
          />
          <TextField label={t('providerEmail')} type="email" isRequired error={errors.providerEmail} {...field('providerEmail')} />
          <TextField
            label={t('npi')}
            inputMode="numeric"
            maxLength={12}
            isRequired
            hint={t('npiHint')}
            error={errors.npi}
            {...field('npi')}
          />
          <fieldset
            aria-describedby={errors.specialtyIds ? 'practice-specialties-hint practice-specialties-error' : 'practice-specialties-hint'}
          >
            <legend className={groupLegend}>
              {t('specialties')}
            </legend>
            <FieldHint id="practice-specialties-hint">{t('specialtiesHint')}</FieldHint>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {specialties.map((s) => (
                <label key={s.id} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                  <input type="checkbox" className="size-5 shrink-0 accent-brand-700" {...choice('specialtyIds', String(s.id))} />
                  {s.name}
                </label>
              ))}
            </div>
            <FieldError id="practice-specialties-error">{errors.specialtyIds}</FieldError>
          </fieldset>
          <fieldset aria-describedby={errors.previouslyProvider ? 'practice-previous-error' : undefined}>
            <legend className={groupLegend}>
              {t('previouslyProvider')}
            </legend>
            <div className="mt-2 flex gap-6">
              {(['yes', 'no'] as const).map((answer) => (
                <label key={answer} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input type="radio" className="size-5 accent-brand-700" {...choice('previouslyProvider', answer)} />
                  {t(answer)}
                </label>
              ))}
            </div>
            <FieldError id="practice-previous-error">{errors.previouslyProvider}</FieldError>
          </fieldset>
        </fieldset>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t('submitting') : t('submit')}
        </Button>
      </form>
    </>
  );
}

'use client';

import { useState } from 'react';
import { useForm, type Resolver, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { Country } from '@/lib/contracts/countries';
import type { NamedRef } from '@/lib/contracts/discovery';
import {
  PRACTICE_TEXT_LIMITS,
  PRACTICE_TYPES,
  practiceRequestSchema,
  type PracticeRequest,
} from '@/lib/contracts/practice-requests';
import { MAX_NAME_LENGTH } from '@/lib/contracts/validation';
import { useSubmitPracticeRequest } from '@/lib/api-client/practice-requests';
import { ClientApiError } from '@/lib/api-client/http';
import { SERVER_MESSAGE, apiErrorMessage } from '@/lib/api-client/error-message';
import { applyServerFieldErrors, useErrorText, useFocusFirstInvalid } from '@/components/ui/form-errors';
import { useSubmitBeforeHydration } from '@/components/ui/submit-before-hydration';
import { QueryProvider } from '@/components/providers/query-provider';
import { LocationSearch } from '@/components/location/location-search';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from '@/components/ui/select-field';
import { FieldError, FieldHint } from '@/components/ui/field-help';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';

/** The contract's length limits, said beside each free-text field and in its too-long message. */
const LIMITS: Partial<Record<PracticeFieldName, number>> = {
  ...PRACTICE_TEXT_LIMITS,
  providerFirstName: MAX_NAME_LENGTH,
  providerLastName: MAX_NAME_LENGTH,
};

/** The phones' country until the visitor picks another. */
const INITIAL_PHONE_COUNTRY = 'US';

type PracticeFieldName =
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
const PRACTICE_FIELD_NAMES: readonly PracticeFieldName[] = [
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

/** What the controls hold: strings, the ticked specialty ids, and the yes/no radio. */
type PracticeFormValues = Record<Exclude<PracticeFieldName, 'specialtyIds' | 'previouslyProvider'>, string> & {
  specialtyIds: string[];
  previouslyProvider: string | null;
};

/** The controls' values as the contract's body (ids as numbers, yes/no as a boolean). */
function toBody(values: PracticeFormValues): Record<string, unknown> {
  const ids = Array.isArray(values.specialtyIds)
    ? values.specialtyIds
    : values.specialtyIds
      ? [values.specialtyIds]
      : [];
  return {
    ...values,
    specialtyIds: ids.map(Number),
    previouslyProvider:
      values.previouslyProvider === 'yes' ? true : values.previouslyProvider === 'no' ? false : undefined,
  };
}

/** The shared contract checks the form (STYLE.md habit 3), over the values as the API gets them. */
const contractResolver = zodResolver(practiceRequestSchema);
const resolver: Resolver<PracticeFormValues, unknown, PracticeRequest> = (values, context, options) =>
  contractResolver(toBody(values) as never, context, options as never) as never;

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
  field: UseFormRegister<PracticeFormValues>;
  errors: Partial<Record<PracticeFieldName, string | undefined>>;
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
          options={countries.map((c) => ({
            value: c.code,
            label: tf('dialCodeOption', { country: c.name, dialCode: c.dialCode }),
          }))}
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

interface Props {
  countries: readonly Country[];
  specialties: readonly NamedRef[];
}

/** The listing request of SPEC.md section 3, checked with the shared contract (forms.md). */
export function PracticeForm(props: Props) {
  return (
    <QueryProvider>
      <PracticeFormBody {...props} />
    </QueryProvider>
  );
}

function PracticeFormBody({ countries, specialties }: Props) {
  const t = useTranslations('practice');
  const te = useTranslations('errors');
  const errorText = useErrorText();
  const submit = useSubmitPracticeRequest();
  const [alert, setAlert] = useState<string>();
  const [sent, setSent] = useState<string>();
  const { formRef, onInvalid, focusFirst } = useFocusFirstInvalid();
  const empty: PracticeFormValues = {
    practiceName: '',
    phoneCountry: INITIAL_PHONE_COUNTRY,
    phoneNumber: '',
    website: '',
    email: '',
    address: '',
    suite: '',
    contactName: '',
    practiceType: '',
    providerFirstName: '',
    providerLastName: '',
    mobileCountry: INITIAL_PHONE_COUNTRY,
    mobileNumber: '',
    providerEmail: '',
    npi: '',
    specialtyIds: [],
    previouslyProvider: null,
  };
  const form = useForm<PracticeFormValues, unknown, PracticeRequest>({
    resolver,
    shouldFocusError: false,
    defaultValues: empty,
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const earlySubmit = useSubmitBeforeHydration(formRef, getValues, setValue);

  const onSubmit = handleSubmit(async (body) => {
    setAlert(undefined);
    try {
      const receipt = await submit.mutateAsync(body);
      setSent(receipt.message);
    } catch (error) {
      const fields = applyServerFieldErrors(error, setError, PRACTICE_FIELD_NAMES);
      if (fields.length) return focusFirst(fields);
      setAlert(
        apiErrorMessage(error, {
          offline: te('offline'),
          generic: t('sendFailed'),
          byCode: { tooManyAttempts: SERVER_MESSAGE, practiceRequestExists: SERVER_MESSAGE },
        }),
      );
      if (error instanceof ClientApiError && error.errorCode === 'practiceRequestExists') focusFirst(['npi']);
    }
  }, onInvalid);

  if (sent) {
    return (
      <div role="status" className="space-y-4 rounded-xl bg-brand-50 p-6">
        <h3 className="text-lg font-semibold text-slate-900">{t('sentHeading')}</h3>
        <p className="text-slate-800">{sent}</p>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            reset(empty);
            setSent(undefined);
          }}
        >
          {t('sendAnother')}
        </Button>
      </div>
    );
  }

  const text = (name: PracticeFieldName) => {
    const error = errors[name as keyof PracticeFormValues] as { message?: string } | { message?: string }[] | undefined;
    // An id of the list that was refused carries its message on the item (specialtyIds.0).
    const message = Array.isArray(error) ? error.find(Boolean)?.message : error?.message;
    return errorText(message, LIMITS[name]);
  };
  const errorTexts: Partial<Record<PracticeFieldName, string | undefined>> = Object.fromEntries(
    PRACTICE_FIELD_NAMES.map((name) => [name, text(name)]),
  );
  const legendClass = 'mb-2 text-lg font-semibold text-slate-900';
  const groupLegend = 'mb-1 text-sm font-medium text-slate-800';
  return (
    <>
      <FormAlert>{alert}</FormAlert>
      <form ref={formRef} action={earlySubmit} onSubmit={onSubmit} noValidate className="space-y-6">
        <fieldset className="space-y-4">
          <legend className={legendClass}>{t('practiceSection')}</legend>
          <TextField
            label={t('practiceName')}
            autoComplete="organization"
            isRequired
            maxChars={LIMITS.practiceName}
            error={errorTexts.practiceName}
            {...register('practiceName')}
          />
          <PhoneFields
            legend={t('phone')}
            countryName="phoneCountry"
            numberName="phoneNumber"
            field={register}
            errors={errorTexts}
            countries={countries}
            country={watch('phoneCountry')}
          />
          <TextField
            label={t('website')}
            type="url"
            autoComplete="url"
            hint={t('websiteHint')}
            maxChars={LIMITS.website}
            error={errorTexts.website}
            {...register('website')}
          />
          <TextField
            label={t('email')}
            type="email"
            autoComplete="email"
            isRequired
            error={errorTexts.email}
            {...register('email')}
          />
          <LocationSearch
            label={t('addressFinder')}
            placeholder={t('addressFinderPlaceholder')}
            hint={t('addressHint')}
            onSelect={(place) =>
              setValue('address', place.formattedAddress, { shouldValidate: true, shouldDirty: true })
            }
          />
          <TextField
            label={t('address')}
            autoComplete="address-line1"
            isRequired
            maxChars={LIMITS.address}
            error={errorTexts.address}
            {...register('address')}
          />
          <TextField
            label={t('suite')}
            autoComplete="address-line2"
            maxChars={LIMITS.suite}
            error={errorTexts.suite}
            {...register('suite')}
          />
          <TextField
            label={t('contactName')}
            autoComplete="name"
            isRequired
            maxChars={LIMITS.contactName}
            error={errorTexts.contactName}
            {...register('contactName')}
          />
          <SelectField
            label={t('practiceType')}
            placeholder={t('selectPracticeType')}
            isRequired
            options={PRACTICE_TYPES.map((type) => ({ value: type, label: t(`practiceTypes.${type}`) }))}
            error={errorTexts.practiceType}
            {...register('practiceType')}
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className={legendClass}>{t('providerSection')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('providerFirstName')}
              isRequired
              maxChars={LIMITS.providerFirstName}
              error={errorTexts.providerFirstName}
              {...register('providerFirstName')}
            />
            <TextField
              label={t('providerLastName')}
              isRequired
              maxChars={LIMITS.providerLastName}
              error={errorTexts.providerLastName}
              {...register('providerLastName')}
            />
          </div>
          <PhoneFields
            legend={t('mobile')}
            countryName="mobileCountry"
            numberName="mobileNumber"
            field={register}
            errors={errorTexts}
            countries={countries}
            country={watch('mobileCountry')}
          />
          <TextField
            label={t('providerEmail')}
            type="email"
            isRequired
            error={errorTexts.providerEmail}
            {...register('providerEmail')}
          />
          <TextField
            label={t('npi')}
            inputMode="numeric"
            maxLength={12}
            isRequired
            hint={t('npiHint')}
            error={errorTexts.npi}
            {...register('npi')}
          />
          <fieldset
            aria-describedby={
              errorTexts.specialtyIds
                ? 'practice-specialties-hint practice-specialties-error'
                : 'practice-specialties-hint'
            }
          >
            <legend className={groupLegend}>{t('specialties')}</legend>
            <FieldHint id="practice-specialties-hint">{t('specialtiesHint')}</FieldHint>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {specialties.map((s) => (
                <label key={s.id} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-5 shrink-0 accent-brand-700"
                    value={String(s.id)}
                    {...register('specialtyIds')}
                  />
                  {s.name}
                </label>
              ))}
            </div>
            <FieldError id="practice-specialties-error">{errorTexts.specialtyIds}</FieldError>
          </fieldset>
          <fieldset aria-describedby={errorTexts.previouslyProvider ? 'practice-previous-error' : undefined}>
            <legend className={groupLegend}>{t('previouslyProvider')}</legend>
            <div className="mt-2 flex gap-6">
              {(['yes', 'no'] as const).map((answer) => (
                <label key={answer} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    className="size-5 accent-brand-700"
                    value={answer}
                    {...register('previouslyProvider')}
                  />
                  {t(answer)}
                </label>
              ))}
            </div>
            <FieldError id="practice-previous-error">{errorTexts.previouslyProvider}</FieldError>
          </fieldset>
        </fieldset>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? t('submitting') : t('submit')}
        </Button>
      </form>
    </>
  );
}

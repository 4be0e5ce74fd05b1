'use client';

import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { Country } from '@/lib/contracts/countries';
import type { NamedRef } from '@/lib/contracts/discovery';
import { PRACTICE_TYPES, practiceRequestSchema, type PracticeRequest } from '@/lib/contracts/practice-requests';
import { useSubmitPracticeRequest } from '@/lib/api-client/practice-requests';
import { ClientApiError } from '@/lib/api-client/http';
import { SERVER_MESSAGE, apiErrorMessage } from '@/lib/api-client/error-message';
import { applyServerFieldErrors, useErrorText, useFocusFirstInvalid } from '@/components/ui/form-errors';
import { QueryProvider } from '@/components/providers/query-provider';
import { LocationSearch } from '@/components/location/location-search';
import { Button } from '@/components/ui/button';
import type { FormResume } from '@/components/auth/deferred-form';
import { resumedDefaults, useResumeForm } from '@/components/auth/resume-form';
import { INITIAL_PHONE_COUNTRY } from './plain-practice-form';
import type { PickedChoices } from './practice-form';
import { PRACTICE_FIELD_NAMES, PracticeFormView, type PracticeFieldName } from './practice-form-view';

/** What the controls hold: strings, the ticked specialty ids, and the yes/no radio. */
type PracticeFormValues = Record<Exclude<PracticeFieldName, 'specialtyIds' | 'previouslyProvider'>, string> & {
  specialtyIds: string[];
  previouslyProvider: string | null;
};

/** The controls' values as the contract's body (ids as numbers, yes/no as a boolean). */
function toBody(values: PracticeFormValues): Record<string, unknown> {
  const ids = Array.isArray(values.specialtyIds) ? values.specialtyIds : values.specialtyIds ? [values.specialtyIds] : [];
  return {
    ...values,
    specialtyIds: ids.map(Number),
    previouslyProvider: values.previouslyProvider === 'yes' ? true : values.previouslyProvider === 'no' ? false : undefined,
  };
}

/** The shared contract checks the form (STYLE.md habit 3), over the values as the API gets them. */
const contractResolver = zodResolver(practiceRequestSchema);
const resolver: Resolver<PracticeFormValues, unknown, PracticeRequest> = (values, context, options) =>
  contractResolver(toBody(values) as never, context, options as never) as never;

interface Props {
  countries: readonly Country[];
  specialties: readonly NamedRef[];
  picked?: PickedChoices;
  resume?: FormResume;
}

/** The listing request with its validation, fetched on the visitor's first reach for it (practice-form.tsx). */
export function ValidatedPracticeForm(props: Props) {
  return (
    <QueryProvider>
      <PracticeFormBody {...props} />
    </QueryProvider>
  );
}

function PracticeFormBody({ countries, specialties, picked, resume }: Props) {
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
    specialtyIds: picked?.specialtyIds ?? [],
    previouslyProvider: picked?.previouslyProvider ?? null,
  };
  // Group values are carried by `picked`; the resume's single value per name would overwrite them.
  const { specialtyIds: _ids, previouslyProvider: _prev, ...typed } = resume?.values ?? {};
  const form = useForm<PracticeFormValues, unknown, PracticeRequest>({
    resolver,
    shouldFocusError: false,
    defaultValues: resumedDefaults(empty, resume ? { ...resume, values: typed } : undefined),
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useResumeForm(formRef, resume);

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
            reset({ ...empty, specialtyIds: [], previouslyProvider: null });
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
    return errorText(message);
  };
  return (
    <PracticeFormView
      formProps={{ ref: formRef, onSubmit }}
      field={(name) => register(name as Exclude<PracticeFieldName, 'specialtyIds' | 'previouslyProvider'>)}
      choice={(name, value) => ({ ...register(name), value })}
      errors={Object.fromEntries(PRACTICE_FIELD_NAMES.map((name) => [name, text(name)]))}
      countries={countries}
      specialties={specialties}
      practiceTypes={PRACTICE_TYPES}
      phoneCountry={watch('phoneCountry')}
      mobileCountry={watch('mobileCountry')}
      addressFinder={
        <LocationSearch
          label={t('addressFinder')}
          placeholder={t('addressFinderPlaceholder')}
          hint={t('addressHint')}
          onSelect={(place) => setValue('address', place.formattedAddress, { shouldValidate: true, shouldDirty: true })}
        />
      }
      alert={alert}
      busy={isSubmitting}
    />
  );
}

'use client';

import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { Country } from '@/lib/contracts/countries';
import { signUpRequestSchema } from '@/lib/contracts/user';
import { useSignUp } from '@/lib/api-client/signup';
import { queryKeys } from '@/lib/api-client/query-keys';
import { SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { Link, getPathname } from '@/lib/i18n/navigation';
import {
  applyServerFieldErrors,
  useErrorText,
  useFocusFirstInvalid,
  withPasswordConfirmation,
} from '@/components/ui/form-errors';
import { useSubmitBeforeHydration } from '@/components/ui/submit-before-hydration';
import { QueryProvider } from '@/components/providers/query-provider';
import { TextField } from '@/components/ui/text-field';
import { PasswordField } from '@/components/ui/password-field';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { ProfileFields } from '@/components/account/profile-fields';
import { PROFILE_FIELD_NAMES, withEarlyProfileChecks } from '@/components/account/profile-form-schema';
import { noteSignUp } from '@/components/reviews/feedback-draft';
import { isErrorCode, useSubmitAlert } from './submit-alert';
import '@/lib/contracts/zod-config';
import type { z } from 'zod';

/** Sign-up as the contract has it, plus the UI-only confirmation (STYLE.md habit 3). */
const signUpFormSchema = withEarlyProfileChecks(withPasswordConfirmation(signUpRequestSchema, 'password'));
type SignUpFormInput = z.input<typeof signUpFormSchema>;
type SignUpFormOutput = z.output<typeof signUpFormSchema>;

const SERVER_FIELDS = [...PROFILE_FIELD_NAMES, 'email', 'password', 'acceptTerms'];

interface Props {
  /** The server's country list when it answered, seeded under the client hook's key. */
  serverCountries?: Country[];
}

/** The sign-up form (SPEC.md section 3), checked with the shared contract (forms.md). */
export function SignUpForm(props: Props) {
  return (
    <QueryProvider>
      <SignUpFormBody {...props} />
    </QueryProvider>
  );
}

function SignUpFormBody({ serverCountries }: Props) {
  const t = useTranslations('signup');
  const tf = useTranslations('fields');
  const te = useTranslations('errors');
  const locale = useLocale();
  const queryClient = useQueryClient();
  // The country list rode in with the page (STYLE.md habit 6): seeded under the hook's key before
  // the fields ask for it, as HydrationBoundary would.
  useState(() => {
    if (serverCountries && !queryClient.getQueryData(queryKeys.countries(locale))) {
      queryClient.setQueryData(queryKeys.countries(locale), serverCountries);
    }
  });
  const errorText = useErrorText();
  const signUp = useSignUp();
  const { alert, submit } = useSubmitAlert();
  const [leaving, setLeaving] = useState(false);
  const { formRef, onInvalid, focusFirst } = useFocusFirstInvalid();
  const form = useForm<SignUpFormInput, unknown, SignUpFormOutput>({
    resolver: zodResolver(signUpFormSchema),
    shouldFocusError: false,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneCountry: 'US',
      phoneNumber: '',
      dateOfBirth: '',
      streetAddress: '',
      suite: '',
      city: '',
      state: '',
      zip: '',
      password: '',
      confirmPassword: '',
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const earlySubmit = useSubmitBeforeHydration(formRef, getValues, setValue);

  const onSubmit = handleSubmit(
    ({ confirmPassword: _confirm, ...body }) =>
      submit(
        async () => {
          await signUp.mutateAsync(body);
          // /submit-feedback tells a visitor who just signed up why their feedback could not go in.
          noteSignUp();
          setLeaving(true);
          // Sign-up success leads to the login page (SPEC.md section 2), which shows the toast.
          window.location.assign(getPathname({ href: { pathname: '/login', query: { registered: '1' } }, locale }));
        },
        {
          generic: te('signupFailed'),
          byCode: { tooManyAttempts: SERVER_MESSAGE },
          handled: (error) => {
            if (isErrorCode(error, 'emailTaken')) {
              setError('email', { type: 'server', message: te('emailTaken') });
              focusFirst(['email']);
              return true;
            }
            const fields = applyServerFieldErrors(error, setError, SERVER_FIELDS);
            if (fields.length) focusFirst(fields);
            return fields.length > 0;
          },
        },
      ),
    onInvalid,
  );

  const busy = isSubmitting || leaving;
  const text = {
    email: errorText(errors.email?.message),
    password: errorText(errors.password?.message),
    confirmPassword: errorText(errors.confirmPassword?.message),
    acceptTerms: errorText(errors.acceptTerms?.message),
  };
  return (
    <FormProvider {...form}>
      <FormAlert>{alert}</FormAlert>
      <form ref={formRef} action={earlySubmit} onSubmit={onSubmit} noValidate className="space-y-6">
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">{t('personal')}</legend>
          <ProfileFields
            afterName={
              <TextField
                label={tf('email')}
                type="email"
                autoComplete="email"
                isRequired
                error={text.email}
                {...register('email')}
              />
            }
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">{t('security')}</legend>
          <PasswordField
            label={tf('password')}
            autoComplete="new-password"
            isRequired
            hint={tf('passwordRules')}
            error={text.password}
            {...register('password')}
          />
          <PasswordField
            label={tf('confirmPassword')}
            autoComplete="new-password"
            isRequired
            error={text.confirmPassword}
            {...register('confirmPassword')}
          />
        </fieldset>
        <CheckboxField
          isRequired
          label={t.rich('terms', {
            terms: (chunks) => (
              <Link href="/terms-and-conditions" className="font-medium text-brand-700 underline" target="_blank">
                {chunks}
                <span className="sr-only"> {t('newTab')}</span>
              </Link>
            ),
            privacy: (chunks) => (
              <Link href="/privacy-policy" className="font-medium text-brand-700 underline" target="_blank">
                {chunks}
                <span className="sr-only"> {t('newTab')}</span>
              </Link>
            ),
          })}
          error={text.acceptTerms}
          {...register('acceptTerms')}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t('submitting') : t('submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-slate-700">
        {t('haveAccount')}{' '}
        <Link href="/login" className="font-semibold text-brand-700 underline">
          {t('logIn')}
        </Link>
      </p>
    </FormProvider>
  );
}

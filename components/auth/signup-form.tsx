'use client';

import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { z } from 'zod';
import { signUpRequestSchema } from '@/lib/contracts/user';
import { useSignUp } from '@/lib/api-client/signup';
import { ClientApiError } from '@/lib/api-client/http';
import { SERVER_MESSAGE, apiErrorMessage } from '@/lib/api-client/error-message';
import { Link, getPathname } from '@/lib/i18n/navigation';
import { TextField } from '@/components/ui/text-field';
import { PasswordField } from '@/components/ui/password-field';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import {
  applyServerFieldErrors,
  useErrorText,
  useFocusFirstInvalid,
  withPasswordConfirmation,
} from '@/components/ui/form-errors';
import { ProfileFields } from '@/components/account/profile-fields';
import { PROFILE_FIELD_NAMES, withEarlyProfileChecks } from '@/components/account/profile-form-schema';

/** Sign-up as the contract has it, plus the UI-only confirmation (STYLE.md habit 3). */
const signUpFormSchema = withEarlyProfileChecks(
  withPasswordConfirmation(signUpRequestSchema, 'password'),
);
type SignUpFormInput = z.input<typeof signUpFormSchema>;
type SignUpFormOutput = z.output<typeof signUpFormSchema>;

const SERVER_FIELDS = [...PROFILE_FIELD_NAMES, 'email', 'password', 'acceptTerms'];

export function SignUpForm() {
  const t = useTranslations('signup');
  const tf = useTranslations('fields');
  const te = useTranslations('errors');
  const locale = useLocale();
  const errorText = useErrorText();
  const signUp = useSignUp();
  const [alert, setAlert] = useState<string>();
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
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...body }) => {
    setAlert(undefined);
    try {
      await signUp.mutateAsync(body);
      setLeaving(true);
      // Sign-up success leads to the login page (SPEC.md section 2), which shows the toast.
      window.location.assign(getPathname({ href: { pathname: '/login', query: { registered: '1' } }, locale }));
    } catch (error) {
      if (error instanceof ClientApiError && error.errorCode === 'emailTaken') {
        setError('email', { type: 'server', message: te('emailTaken') });
        focusFirst(['email']);
        return;
      }
      const fields = applyServerFieldErrors(error, setError, SERVER_FIELDS);
      if (fields.length) return focusFirst(fields);
      setAlert(
        apiErrorMessage(error, {
          offline: te('offline'),
          generic: te('signupFailed'),
          byCode: { tooManyAttempts: SERVER_MESSAGE },
        }),
      );
    }
  }, onInvalid);

  const busy = isSubmitting || leaving;
  return (
    <FormProvider {...form}>
      <FormAlert>{alert}</FormAlert>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-6">
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">{t('personal')}</legend>
          <ProfileFields
            afterName={
              <TextField
                label={tf('email')}
                type="email"
                autoComplete="email"
                isRequired
                error={errorText(errors.email?.message)}
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
            error={errorText(errors.password?.message)}
            {...register('password')}
          />
          <PasswordField
            label={tf('confirmPassword')}
            autoComplete="new-password"
            isRequired
            error={errorText(errors.confirmPassword?.message)}
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
          error={errorText(errors.acceptTerms?.message)}
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

'use client';

import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { z } from 'zod';
import type { Country } from '@/lib/contracts/countries';
import { signUpRequestSchema } from '@/lib/contracts/user';
import { useSignUp } from '@/lib/api-client/signup';
import { queryKeys } from '@/lib/api-client/query-keys';
import { SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { getPathname } from '@/lib/i18n/navigation';
import {
  applyServerFieldErrors,
  useErrorText,
  useFocusFirstInvalid,
  withPasswordConfirmation,
} from '@/components/ui/form-errors';
import { QueryProvider } from '@/components/providers/query-provider';
import { PasswordField } from '@/components/ui/password-field';
import { ProfileFields } from '@/components/account/profile-fields';
import { PROFILE_FIELD_NAMES, withEarlyProfileChecks } from '@/components/account/profile-form-schema';
import type { FormResume } from './deferred-form';
import { resumedDefaults, useResumeForm } from './resume-form';
import { isErrorCode, useSubmitAlert } from './submit-alert';
import { SignUpFormView } from './signup-form-view';
import { noteSignUp } from '@/components/reviews/feedback-draft';

/** Sign-up as the contract has it, plus the UI-only confirmation (STYLE.md habit 3). */
const signUpFormSchema = withEarlyProfileChecks(
  withPasswordConfirmation(signUpRequestSchema, 'password'),
);
type SignUpFormInput = z.input<typeof signUpFormSchema>;
type SignUpFormOutput = z.output<typeof signUpFormSchema>;

const SERVER_FIELDS = [...PROFILE_FIELD_NAMES, 'email', 'password', 'acceptTerms'];

interface Props {
  serverCountries?: Country[];
  resume?: FormResume;
}

/** The sign-up form with its validation, fetched on the visitor's first reach for it (signup-form.tsx). */
export function ValidatedSignUpForm(props: Props) {
  return (
    <QueryProvider>
      <SignUpFormBody {...props} />
    </QueryProvider>
  );
}

function SignUpFormBody({ serverCountries, resume }: Props) {
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
    defaultValues: resumedDefaults<Partial<SignUpFormInput>>(
      {
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
      resume,
    ),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  useResumeForm(formRef, resume);

  const onSubmit = handleSubmit(
    ({ confirmPassword: _confirm, ...body }) =>
      submit(
        async () => {
          await signUp.mutateAsync(body);
          // /submit-feedback tells a visitor who just signed up why their feedback could not go in (issue 14).
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

  return (
    <FormProvider {...form}>
      <SignUpFormView
        formProps={{ ref: formRef, onSubmit }}
        field={(name) => register(name)}
        errors={{
          email: errorText(errors.email?.message),
          password: errorText(errors.password?.message),
          confirmPassword: errorText(errors.confirmPassword?.message),
          acceptTerms: errorText(errors.acceptTerms?.message),
        }}
        profileFields={(afterName) => <ProfileFields afterName={afterName} />}
        alert={alert}
        busy={isSubmitting || leaving}
        PasswordField={PasswordField}
      />
    </FormProvider>
  );
}

'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { passwordResetEmailRequestSchema } from '@/lib/contracts/auth';
import { useRequestPasswordReset } from '@/lib/api-client/password-reset';
import { SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { Link } from '@/lib/i18n/navigation';
import { useErrorText, useFocusFirstInvalid } from '@/components/ui/form-errors';
import { useSubmitBeforeHydration } from '@/components/ui/submit-before-hydration';
import { QueryProvider } from '@/components/providers/query-provider';
import { TextField } from '@/components/ui/text-field';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { isErrorCode, useSubmitAlert } from './submit-alert';
import '@/lib/contracts/zod-config';
import type { z } from 'zod';

type Input = z.input<typeof passwordResetEmailRequestSchema>;
type Output = z.output<typeof passwordResetEmailRequestSchema>;

/** Asks for a password-reset email (SPEC.md section 8), checked with the shared contract (forms.md). */
export function ForgotPasswordForm() {
  return (
    <QueryProvider>
      <ForgotPasswordFormBody />
    </QueryProvider>
  );
}

function ForgotPasswordFormBody() {
  const t = useTranslations('forgotPassword');
  const tf = useTranslations('fields');
  const te = useTranslations('errors');
  const errorText = useErrorText();
  const request = useRequestPasswordReset();
  const { alert, submit } = useSubmitAlert();
  const [sent, setSent] = useState(false);
  const { formRef, onInvalid, focusFirst } = useFocusFirstInvalid();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(passwordResetEmailRequestSchema),
    shouldFocusError: false,
    defaultValues: { email: '' },
  });
  const earlySubmit = useSubmitBeforeHydration(formRef, getValues, setValue);

  const onSubmit = handleSubmit(
    (values) =>
      submit(
        async () => {
          await request.mutateAsync(values);
          setSent(true);
        },
        {
          byCode: { tooManyAttempts: SERVER_MESSAGE },
          // An unknown email belongs to the field; everything else to the form (SPEC.md section 8).
          handled: (error) => {
            if (!isErrorCode(error, 'emailNotFound')) return false;
            setError('email', { type: 'server', message: te('emailNotFound') });
            focusFirst(['email']);
            return true;
          },
        },
      ),
    onInvalid,
  );

  if (sent) return <EmailSent />;
  return (
    <>
      <FormAlert>{alert}</FormAlert>
      <form ref={formRef} action={earlySubmit} onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={tf('email')}
          type="email"
          autoComplete="email"
          isRequired
          error={errorText(errors.email?.message)}
          {...register('email')}
        />
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? t('submitting') : t('submit')}
        </Button>
      </form>
      <p className="mt-6 text-center">
        <Link href="/login" className="font-semibold text-brand-700 underline">
          {t('backToLogin')}
        </Link>
      </p>
    </>
  );
}

function EmailSent() {
  const t = useTranslations('forgotPassword');
  const ref = useRef<HTMLDivElement>(null);
  // The form is gone: move focus to its replacement so keyboard and screen reader users follow.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900"
    >
      <p className="font-semibold">{t('sent')}</p>
      <p className="mt-2">{t('checkMailbox')}</p>
      <p className="mt-4">
        <Link href="/login" className="font-semibold text-brand-800 underline">
          {t('backToLogin')}
        </Link>
      </p>
    </div>
  );
}

'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { passwordResetEmailRequestSchema } from '@/lib/contracts/auth';
import { useRequestPasswordReset } from '@/lib/api-client/password-reset';
import { SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { Link } from '@/lib/i18n/navigation';
import { useErrorText, useFocusFirstInvalid } from '@/components/ui/form-errors';
import { QueryProvider } from '@/components/providers/query-provider';
import type { FormResume } from './deferred-form';
import { resumedDefaults, useResumeForm } from './resume-form';
import { isErrorCode, useSubmitAlert } from './submit-alert';
import { ForgotPasswordFormView } from './forgot-password-form-view';

type Input = z.input<typeof passwordResetEmailRequestSchema>;
type Output = z.output<typeof passwordResetEmailRequestSchema>;

/** The forgot-password form with its validation, fetched on the visitor's first reach for it. */
export function ValidatedForgotPasswordForm({ resume }: { resume?: FormResume }) {
  return (
    <QueryProvider>
      <ForgotPasswordFormBody resume={resume} />
    </QueryProvider>
  );
}

function ForgotPasswordFormBody({ resume }: { resume?: FormResume }) {
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
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(passwordResetEmailRequestSchema),
    shouldFocusError: false,
    defaultValues: resumedDefaults({ email: '' }, resume),
  });
  useResumeForm(formRef, resume);

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
    <ForgotPasswordFormView
      formProps={{ ref: formRef, onSubmit }}
      field={register}
      error={errorText(errors.email?.message)}
      alert={alert}
      busy={isSubmitting}
    />
  );
}

function EmailSent() {
  const t = useTranslations('forgotPassword');
  const ref = useRef<HTMLDivElement>(null);
  // The form is gone: move focus to its replacement so keyboard and screen reader users follow.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
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

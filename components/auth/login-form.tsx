'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import type { z } from 'zod';
import { loginRequestSchema } from '@/lib/contracts/auth';
import { useLogin } from '@/lib/api-client/session';
import { SERVER_MESSAGE, apiErrorMessage } from '@/lib/api-client/error-message';
import { Link, getPathname } from '@/lib/i18n/navigation';
import { TextField } from '@/components/ui/text-field';
import { PasswordField } from '@/components/ui/password-field';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { useErrorText, useFocusFirstInvalid } from '@/components/ui/form-errors';
import { useToast } from '@/components/ui/toast';

type LoginFormInput = z.input<typeof loginRequestSchema>;
type LoginFormOutput = z.output<typeof loginRequestSchema>;

export interface LoginNotices {
  /** ?expired=1: the session ended (SPEC.md section 8 "Your Session has been expired"). */
  expired: boolean;
  /** ?registered=1: sign-up just succeeded. */
  registered: boolean;
  /** ?reset=1: a new password was just set. */
  reset: boolean;
}

/** Drops one-shot query flags, so a reload or a shared link does not repeat the toast. */
function removeQueryParams(...names: string[]) {
  const url = new URL(window.location.href);
  names.forEach((n) => url.searchParams.delete(n));
  window.history.replaceState(window.history.state, '', url);
}

export function LoginForm({ notices }: { notices: LoginNotices }) {
  const t = useTranslations('login');
  const tf = useTranslations('fields');
  const te = useTranslations('errors');
  const locale = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const login = useLogin();
  const [alert, setAlert] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const announced = useRef(false);
  const { formRef, onInvalid } = useFocusFirstInvalid();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginRequestSchema),
    shouldFocusError: false,
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    // Once per page load, also under React's development double-invocation of effects.
    if (announced.current) return;
    announced.current = true;
    if (notices.registered) toast.success(t('registered'));
    if (notices.reset) toast.success(t('passwordReset'));
    if (notices.registered || notices.reset) removeQueryParams('registered', 'reset');
  }, [notices.registered, notices.reset, t, toast]);

  const onSubmit = handleSubmit(async (values) => {
    setAlert(undefined);
    try {
      const result = await login.mutateAsync(values);
      setLeaving(true);
      // A full navigation, so every server component renders for the logged-in user. redirectTo
      // is the saved post-login route, already checked server-side to be a same-site path.
      window.location.assign(result.redirectTo ?? getPathname({ href: '/', locale }));
    } catch (error) {
      setAlert(
        apiErrorMessage(error, {
          offline: te('offline'),
          generic: te('generic'),
          byCode: {
            wrongCredentials: te('invalidCredentials'),
            notAuthorized: te('invalidCredentials'),
            tooManyAttempts: SERVER_MESSAGE,
          },
        }),
      );
    }
  }, onInvalid);

  const busy = isSubmitting || leaving;
  return (
    <>
      {notices.expired && !alert ? <FormAlert tone="info">{te('sessionExpired')}</FormAlert> : null}
      <FormAlert>{alert}</FormAlert>
      {/* POST: a form sent before the page hydrates must not put the password into the URL. */}
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label={tf('email')}
          type="email"
          autoComplete="email"
          isRequired
          error={errorText(errors.email?.message)}
          {...register('email')}
        />
        <PasswordField
          label={tf('password')}
          autoComplete="current-password"
          isRequired
          error={errorText(errors.password?.message)}
          {...register('password')}
        />
        <p className="text-right">
          <Link href="/forgot-password" className="text-sm font-medium text-brand-700 underline">
            {t('forgotPassword')}
          </Link>
        </p>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t('submitting') : t('submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-slate-700">
        {t('noAccount')}{' '}
        <Link href="/signup" className="font-semibold text-brand-700 underline">
          {t('signUp')}
        </Link>
      </p>
    </>
  );
}

'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { loginRequestSchema } from '@/lib/contracts/auth';
import { useLogin } from '@/lib/api-client/session';
import { SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { Link, getPathname } from '@/lib/i18n/navigation';
import { useErrorText, useFocusFirstInvalid } from '@/components/ui/form-errors';
import { useSubmitBeforeHydration } from '@/components/ui/submit-before-hydration';
import { QueryProvider } from '@/components/providers/query-provider';
import { useToast } from '@/components/ui/toast';
import { TextField } from '@/components/ui/text-field';
import { PasswordField } from '@/components/ui/password-field';
import { FormAlert } from '@/components/ui/form-alert';
import { Button, buttonClass } from '@/components/ui/button';
import { useSubmitAlert } from './submit-alert';
import '@/lib/contracts/zod-config';
import type { z } from 'zod';

export interface LoginNotices {
  /** ?expired=1: the session ended (SPEC.md section 8 "Your Session has been expired"). */
  expired: boolean;
  /** ?registered=1: sign-up just succeeded. */
  registered: boolean;
  /** ?reset=1: a new password was just set. */
  reset: boolean;
  /** ?deleted=1: the account was just deleted (log in within 30 days to restore it). */
  deleted: boolean;
}

type LoginFormInput = z.input<typeof loginRequestSchema>;
type LoginFormOutput = z.output<typeof loginRequestSchema>;

/** Drops one-shot query flags, so a reload or a shared link does not repeat the toast. */
function removeQueryParams(...names: string[]) {
  const url = new URL(window.location.href);
  names.forEach((n) => url.searchParams.delete(n));
  window.history.replaceState(window.history.state, '', url);
}

/** The login form (SPEC.md section 2), checked with the shared contract (forms.md). */
export function LoginForm({ notices }: { notices: LoginNotices }) {
  return (
    <QueryProvider>
      <LoginFormBody notices={notices} />
    </QueryProvider>
  );
}

function LoginFormBody({ notices }: { notices: LoginNotices }) {
  const t = useTranslations('login');
  const td = useTranslations('deleteAccount');
  const tf = useTranslations('fields');
  const te = useTranslations('errors');
  const toast = useToast();
  const locale = useLocale();
  const errorText = useErrorText();
  const login = useLogin();
  const { alert, submit } = useSubmitAlert();
  const [leaving, setLeaving] = useState(false);
  /** Where to go once the restored-account message is read (SPEC.md isAccountRestored). */
  const [restoredTo, setRestoredTo] = useState<string>();
  const announced = useRef(false);
  const { formRef, onInvalid } = useFocusFirstInvalid();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginRequestSchema),
    shouldFocusError: false,
    defaultValues: { email: '', password: '' },
  });
  const earlySubmit = useSubmitBeforeHydration(formRef, getValues, setValue);

  useEffect(() => {
    // Once per page load, also under React's development double-invocation of effects.
    if (announced.current) return;
    announced.current = true;
    if (notices.registered) toast.success(t('registered'));
    if (notices.reset) toast.success(t('passwordReset'));
    if (notices.deleted) toast.info(td('deletedNotice'));
    if (notices.registered || notices.reset || notices.deleted) removeQueryParams('registered', 'reset', 'deleted');
  }, [notices.registered, notices.reset, notices.deleted, t, td, toast]);

  const onSubmit = handleSubmit(
    (values) =>
      submit(
        async () => {
          const result = await login.mutateAsync(values);
          setLeaving(true);
          // A full navigation, so every server component renders for the logged-in user. redirectTo
          // is the saved post-login route, already checked server-side to be a same-site path.
          const target = result.redirectTo ?? getPathname({ href: '/', locale });
          // A deleted account this login restored: say so before leaving, as a page change would hide it.
          if (result.accountRestored) setRestoredTo(target);
          else window.location.assign(target);
        },
        {
          byCode: {
            wrongCredentials: te('invalidCredentials'),
            notAuthorized: te('invalidCredentials'),
            tooManyAttempts: SERVER_MESSAGE,
          },
        },
      ),
    onInvalid,
  );

  if (restoredTo) return <RestoredNotice href={restoredTo} />;

  const busy = isSubmitting || leaving;
  return (
    <>
      {notices.expired && !alert ? <FormAlert tone="info">{te('sessionExpired')}</FormAlert> : null}
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

function RestoredNotice({ href }: { href: string }) {
  const t = useTranslations('deleteAccount');
  const link = useRef<HTMLAnchorElement>(null);
  // The form that had focus is gone: focus moves to what comes next.
  useEffect(() => link.current?.focus(), []);
  return (
    <div role="status" className="space-y-4 rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200">
      <p className="font-medium">{t('restored')}</p>
      {/* A full navigation for the same reason as after any login. */}
      <a ref={link} href={href} className={buttonClass('primary')}>
        {t('restoredContinue')}
      </a>
    </div>
  );
}

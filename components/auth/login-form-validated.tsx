'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import type { z } from 'zod';
import { loginRequestSchema } from '@/lib/contracts/auth';
import { useLogin } from '@/lib/api-client/session';
import { SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { getPathname } from '@/lib/i18n/navigation';
import { useErrorText, useFocusFirstInvalid } from '@/components/ui/form-errors';
import { QueryProvider } from '@/components/providers/query-provider';
import { PasswordField } from '@/components/ui/password-field';
import { buttonClass } from '@/components/ui/button';
import type { FormResume } from './deferred-form';
import { resumedDefaults, useResumeForm } from './resume-form';
import { useSubmitAlert } from './submit-alert';
import { LoginFormView } from './login-form-view';

type LoginFormInput = z.input<typeof loginRequestSchema>;
type LoginFormOutput = z.output<typeof loginRequestSchema>;

interface Props {
  expired: boolean;
  resume?: FormResume;
}

/** The login form with its validation, fetched on the visitor's first reach for it (login-form.tsx). */
export function ValidatedLoginForm(props: Props) {
  return (
    <QueryProvider>
      <LoginFormBody {...props} />
    </QueryProvider>
  );
}

function LoginFormBody({ expired, resume }: Props) {
  const te = useTranslations('errors');
  const locale = useLocale();
  const errorText = useErrorText();
  const login = useLogin();
  const { alert, submit } = useSubmitAlert();
  const [leaving, setLeaving] = useState(false);
  /** Where to go once the restored-account message is read (SPEC.md isAccountRestored; issue 13). */
  const [restoredTo, setRestoredTo] = useState<string>();
  const { formRef, onInvalid } = useFocusFirstInvalid();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginRequestSchema),
    shouldFocusError: false,
    defaultValues: resumedDefaults({ email: '', password: '' }, resume),
  });
  useResumeForm(formRef, resume);

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

  return (
    <LoginFormView
      formProps={{ ref: formRef, onSubmit }}
      field={register}
      errors={{ email: errorText(errors.email?.message), password: errorText(errors.password?.message) }}
      alert={alert}
      expired={expired}
      busy={isSubmitting || leaving}
      PasswordField={PasswordField}
    />
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

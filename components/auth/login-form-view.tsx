import type { ComponentProps, ComponentType } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { TextField } from '@/components/ui/text-field';
import type { PasswordFieldProps } from '@/components/ui/password-field-markup';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';

export type LoginField = 'email' | 'password';

/**
 * The login form's markup, the same for the plain form of the first load and the validated one
 * (login-form.tsx): `field` gives a control's props (its name, or react-hook-form's register).
 */
export function LoginFormView({
  formProps,
  field,
  errors = {},
  alert,
  expired,
  busy = false,
  PasswordField,
}: {
  formProps?: Omit<ComponentProps<'form'>, 'method' | 'noValidate' | 'className'>;
  field: (name: LoginField) => { name: string } & Omit<ComponentProps<'input'>, 'id' | 'type'>;
  errors?: Partial<Record<LoginField, string>>;
  alert?: string;
  expired: boolean;
  busy?: boolean;
  /** The stateful field in the validated form; the plain form's inert one on the server. */
  PasswordField: ComponentType<PasswordFieldProps>;
}) {
  const t = useTranslations('login');
  const tf = useTranslations('fields');
  const te = useTranslations('errors');
  return (
    <>
      {expired && !alert ? <FormAlert tone="info">{te('sessionExpired')}</FormAlert> : null}
      <FormAlert>{alert}</FormAlert>
      {/* POST: a form sent before the page hydrates must not put the password into the URL. */}
      <form {...formProps} method="post" noValidate className="space-y-4">
        <TextField label={tf('email')} type="email" autoComplete="email" isRequired error={errors.email} {...field('email')} />
        <PasswordField
          label={tf('password')}
          autoComplete="current-password"
          isRequired
          error={errors.password}
          {...field('password')}
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

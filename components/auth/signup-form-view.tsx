import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { TextField } from '@/components/ui/text-field';
import type { PasswordFieldProps } from '@/components/ui/password-field-markup';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import type { FieldBinding } from '@/components/account/profile-fields-view';

export type SignUpOwnField = 'email' | 'password' | 'confirmPassword' | 'acceptTerms';

/**
 * The sign-up form's markup, the same for the plain form of the first load and the validated one
 * (signup-form.tsx). `profileFields` renders the shared patient fields with the email after the name.
 */
export function SignUpFormView({
  formProps,
  field,
  errors = {},
  profileFields,
  alert,
  busy = false,
  PasswordField,
}: {
  formProps?: Omit<ComponentProps<'form'>, 'method' | 'noValidate' | 'className'>;
  field: (name: SignUpOwnField) => FieldBinding;
  errors?: Partial<Record<SignUpOwnField, string>>;
  profileFields: (afterName: ReactNode) => ReactNode;
  alert?: string;
  busy?: boolean;
  /** The stateful field in the validated form; the plain form's inert one on the server. */
  PasswordField: ComponentType<PasswordFieldProps>;
}) {
  const t = useTranslations('signup');
  const tf = useTranslations('fields');
  return (
    <>
      <FormAlert>{alert}</FormAlert>
      <form {...formProps} method="post" noValidate className="space-y-6">
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">{t('personal')}</legend>
          {profileFields(
            <TextField label={tf('email')} type="email" autoComplete="email" isRequired error={errors.email} {...field('email')} />,
          )}
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">{t('security')}</legend>
          <PasswordField
            label={tf('password')}
            autoComplete="new-password"
            isRequired
            hint={tf('passwordRules')}
            error={errors.password}
            {...field('password')}
          />
          <PasswordField
            label={tf('confirmPassword')}
            autoComplete="new-password"
            isRequired
            error={errors.confirmPassword}
            {...field('confirmPassword')}
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
          error={errors.acceptTerms}
          {...field('acceptTerms')}
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
    </>
  );
}

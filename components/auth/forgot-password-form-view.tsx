import type { ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { TextField } from '@/components/ui/text-field';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';

/**
 * The forgot-password form's markup, the same for the plain form of the first load and the
 * validated one (forgot-password-form.tsx).
 */
export function ForgotPasswordFormView({
  formProps,
  field,
  error,
  alert,
  busy = false,
}: {
  formProps?: Omit<ComponentProps<'form'>, 'method' | 'noValidate' | 'className'>;
  field: (name: 'email') => { name: string } & Omit<ComponentProps<'input'>, 'id' | 'type'>;
  error?: string;
  alert?: string;
  busy?: boolean;
}) {
  const t = useTranslations('forgotPassword');
  const tf = useTranslations('fields');
  return (
    <>
      <FormAlert>{alert}</FormAlert>
      <form {...formProps} method="post" noValidate className="space-y-4">
        <TextField label={tf('email')} type="email" autoComplete="email" isRequired error={error} {...field('email')} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t('submitting') : t('submit')}
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

'use client';

import { useTranslations } from 'next-intl';
import { PasswordField } from '@/components/ui/password-field';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A new password and its confirmation, as the reset and change password forms ask for them. */
export function NewPasswordFields(props: {
  field: { new: UseFormRegisterReturn; confirmPassword: UseFormRegisterReturn };
  errors: { new?: string; confirmPassword?: string };
}) {
  const tf = useTranslations('fields');
  return (
    <>
      <PasswordField
        label={tf('newPassword')}
        autoComplete="new-password"
        isRequired
        hint={tf('passwordRules')}
        error={props.errors.new}
        {...props.field.new}
      />
      <PasswordField
        label={tf('confirmNewPassword')}
        autoComplete="new-password"
        isRequired
        error={props.errors.confirmPassword}
        {...props.field.confirmPassword}
      />
    </>
  );
}

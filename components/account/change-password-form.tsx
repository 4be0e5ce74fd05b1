'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import '@/lib/contracts/zod-config';
import { z } from 'zod';
import { changePasswordRequestSchema } from '@/lib/contracts/auth';
import { useChangePassword } from '@/lib/api-client/password';
import { SERVER_MESSAGE, isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { PasswordField } from '@/components/ui/password-field';
import { NewPasswordFields } from '@/components/auth/new-password-fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { useErrorText, useFocusFirstInvalid, withPasswordConfirmation } from '@/components/ui/form-errors';
import { useToast } from '@/components/ui/toast';
import { isErrorCode, useSubmitAlert } from '@/components/auth/submit-alert';

/** The contract's body (new, current) plus the UI-only confirmation. */
const changePasswordFormSchema = withPasswordConfirmation(changePasswordRequestSchema, 'new');
type Input = z.input<typeof changePasswordFormSchema>;
type Output = z.output<typeof changePasswordFormSchema>;

const EMPTY: Input = { current: '', new: '', confirmPassword: '' };

export function ChangePasswordForm({ email }: { email: string }) {
  const t = useTranslations('account.changePassword');
  const tf = useTranslations('fields');
  const te = useTranslations('errors');
  const locale = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const changePassword = useChangePassword();
  const { alert, submit } = useSubmitAlert();
  const { formRef, onInvalid, focusFirst } = useFocusFirstInvalid();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(changePasswordFormSchema),
    shouldFocusError: false,
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(
    ({ current, new: newPassword }) =>
      submit(
        async () => {
          await changePassword.mutateAsync({ current, new: newPassword });
          toast.success(t('success'));
          reset(EMPTY);
        },
        {
          byCode: { tooManyAttempts: SERVER_MESSAGE },
          handled: (error) => {
            if (isSessionLost(error)) {
              window.location.assign(sessionExpiredUrl(locale));
              return true;
            }
            if (!isErrorCode(error, 'invalidCurrentPassword')) return false;
            setError('current', { type: 'server', message: te('invalidCurrentPassword') });
            focusFirst(['current']);
            return true;
          },
        },
      ),
    onInvalid,
  );

  return (
    <>
      <p className="mb-4 text-slate-700">{t('intro')}</p>
      <FormAlert>{alert}</FormAlert>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="max-w-md space-y-4">
        {/* Lets password managers update the entry of the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label={tf('currentPassword')}
          autoComplete="current-password"
          isRequired
          error={errorText(errors.current?.message)}
          {...register('current')}
        />
        <NewPasswordFields
          field={{ new: register('new'), confirmPassword: register('confirmPassword') }}
          errors={{ new: errorText(errors.new?.message), confirmPassword: errorText(errors.confirmPassword?.message) }}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('submitting') : t('submit')}
        </Button>
      </form>
    </>
  );
}

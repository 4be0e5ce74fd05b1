'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import '@/lib/contracts/zod-config';
import { z } from 'zod';
import { setNewPasswordRequestSchema } from '@/lib/contracts/auth';
import { useSetNewPassword } from '@/lib/api-client/password-reset';
import { ClientApiError } from '@/lib/api-client/http';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText, useFocusFirstInvalid, withPasswordConfirmation } from '@/components/ui/form-errors';
import { NewPasswordFields } from './new-password-fields';
import { ResetPasswordDone, ResetPasswordError } from './reset-password-screens';
import { useSubmitAlert } from './submit-alert';

/** The contract's body plus the UI-only confirmation. */
const resetFormSchema = withPasswordConfirmation(setNewPasswordRequestSchema, 'new');
type Input = z.input<typeof resetFormSchema>;
type Output = z.output<typeof resetFormSchema>;

/** SPEC.md section 4 reset-password screens: form, loader, congratulation, error. */
type Screen = 'form' | 'saving' | 'done' | 'invalid';

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const t = useTranslations('resetPassword');
  const errorText = useErrorText();
  const setNewPassword = useSetNewPassword();
  const [screen, setScreen] = useState<Screen>('form');
  const { alert, submit } = useSubmitAlert();
  const { formRef, onInvalid } = useFocusFirstInvalid();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(resetFormSchema),
    shouldFocusError: false,
    defaultValues: { new: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(
    ({ new: password }) =>
      submit(
        async () => {
          setScreen('saving');
          await setNewPassword.mutateAsync({ token, body: { new: password } });
          setScreen('done');
        },
        {
          handled: (error) => {
            // 404: the link was used or expired while the form was open.
            const expired = error instanceof ClientApiError && error.status === 404;
            setScreen(expired ? 'invalid' : 'form');
            return expired;
          },
        },
      ),
    onInvalid,
  );

  if (screen === 'done') return <ResetPasswordDone />;
  if (screen === 'invalid') return <ResetPasswordError focus />;
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900">{t('heading')}</h1>
      <p className="mt-2 text-slate-700 [overflow-wrap:anywhere]">{t('intro', { email })}</p>
      <div className="mt-6">
        <FormAlert>{alert}</FormAlert>
        {screen === 'saving' ? (
          <div className="py-8">
            <Spinner label={t('saving')} />
          </div>
        ) : null}
        {/* Hidden, not unmounted, while saving: the typed passwords survive a failed attempt. */}
        <form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={onSubmit}
          className="space-y-4"
          hidden={screen === 'saving'}
        >
          {/* Lets password managers store the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <NewPasswordFields
            field={{ new: register('new'), confirmPassword: register('confirmPassword') }}
            errors={{
              new: errorText(errors.new?.message),
              confirmPassword: errorText(errors.confirmPassword?.message),
            }}
          />
          <Button type="submit" className="w-full">
            {t('submit')}
          </Button>
        </form>
      </div>
    </div>
  );
}

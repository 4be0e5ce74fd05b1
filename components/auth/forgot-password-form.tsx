'use client';

import { useDeferredForm } from './deferred-form';
import { ForgotPasswordFormView } from './forgot-password-form-view';

// The validation (react-hook-form, zod, the contract, React Query) comes on the first reach for the form.
const loadValidated = () => import('./forgot-password-form-validated').then((m) => m.ValidatedForgotPasswordForm);

export function ForgotPasswordForm() {
  const { loaded, plainProps } = useDeferredForm(loadValidated);
  if (loaded) return <loaded.Form resume={loaded.resume} />;
  return <ForgotPasswordFormView formProps={plainProps} field={(name) => ({ name })} />;
}

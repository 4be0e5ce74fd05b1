'use client';

import type { ReactNode } from 'react';
import { useDeferredForm } from './deferred-form';

// The validation (react-hook-form, zod, the contract, React Query) comes on the first reach for the form.
const loadValidated = () => import('./forgot-password-form-validated').then((m) => m.ValidatedForgotPasswordForm);

/** `children` is the plain form, rendered by the server (<ForgotPasswordFormView>); see login-form.tsx. */
export function ForgotPasswordForm({ children }: { children: ReactNode }) {
  const { loaded, hostProps } = useDeferredForm(loadValidated);
  return <div {...hostProps}>{loaded ? <loaded.Form resume={loaded.resume} /> : children}</div>;
}

'use client';

import type { ReactNode } from 'react';
import type { Country } from '@/lib/contracts/countries';
import { useDeferredForm } from './deferred-form';

// The validation (react-hook-form, zod, the contract, libphonenumber, React Query) comes on the
// first reach for the form.
const loadValidated = () => import('./signup-form-validated').then((m) => m.ValidatedSignUpForm);

/**
 * `children` is the plain form, rendered by the server (<PlainSignUpForm>); see login-form.tsx.
 * `serverCountries`: the server's country list when it answered, for the validated form's query cache.
 */
export function SignUpForm({ serverCountries, children }: { serverCountries?: Country[]; children: ReactNode }) {
  const { loaded, hostProps } = useDeferredForm(loadValidated);
  return (
    <div {...hostProps}>{loaded ? <loaded.Form serverCountries={serverCountries} resume={loaded.resume} /> : children}</div>
  );
}

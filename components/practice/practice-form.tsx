'use client';

import { useRef, type FormEvent, type ReactNode } from 'react';
import type { NamedRef } from '@/lib/contracts/discovery';
import type { Country } from '@/lib/contracts/countries';
import { useDeferredForm } from '@/components/auth/deferred-form';

// The validation (react-hook-form, zod, the contract, libphonenumber, React Query, the location
// autocomplete) comes on the first reach for the form, as on the auth pages (forms.md).
const loadValidated = () => import('./practice-form-validated').then((m) => m.ValidatedPracticeForm);

/** Choices ticked in the plain form: the deferred form's resume keeps one value per name, not groups. */
export interface PickedChoices {
  specialtyIds: string[];
  previouslyProvider?: string;
}

/**
 * `children` is the plain form, rendered by the server (<PlainPracticeForm>); the validated form
 * replaces it on the visitor's first focus, touch or click, carrying over what was typed.
 */
export function PracticeForm({
  countries,
  specialties,
  children,
}: {
  countries: readonly Country[];
  specialties: readonly NamedRef[];
  children: ReactNode;
}) {
  const { loaded, hostProps } = useDeferredForm(loadValidated);
  const picked = useRef<PickedChoices>({ specialtyIds: [] });
  const onChange = (event: FormEvent<HTMLDivElement>) => {
    if (loaded || !(event.target instanceof HTMLInputElement)) return;
    const input = event.target;
    if (input.name === 'specialtyIds') {
      const rest = picked.current.specialtyIds.filter((id) => id !== input.value);
      picked.current.specialtyIds = input.checked ? [...rest, input.value] : rest;
    } else if (input.name === 'previouslyProvider' && input.checked) {
      picked.current.previouslyProvider = input.value;
    }
  };
  return (
    <div {...hostProps} onChange={onChange}>
      {loaded ? (
        <loaded.Form resume={loaded.resume} picked={picked.current} countries={countries} specialties={specialties} />
      ) : (
        children
      )}
    </div>
  );
}

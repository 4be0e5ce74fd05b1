'use client';

import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { FieldPath, FieldValues, UseFormGetValues, UseFormSetValue } from 'react-hook-form';

/**
 * The form's `action` for a submit made before the page hydrated (forms.md). Given a function as
 * its action, React's server HTML holds such a submit (no page load, nothing typed is lost) and
 * replays it through the action once hydrated; after hydration the form's onSubmit
 * (react-hook-form's handleSubmit) prevents the default, and React never calls the action.
 *
 * React resets a form's uncontrolled fields after its action ran, so the values react-hook-form
 * took over at hydration are written back, and the form is sent again through its own onSubmit:
 * the same checks, messages and focus on the first invalid field as any other submit.
 */
export function useSubmitBeforeHydration<T extends FieldValues>(
  formRef: RefObject<HTMLFormElement | null>,
  getValues: UseFormGetValues<T>,
  setValue: UseFormSetValue<T>,
) {
  const [replayed, setReplayed] = useState(false);
  useEffect(() => {
    const form = formRef.current;
    if (!replayed || !form) return;
    setReplayed(false);
    const names = new Set(
      Array.from(form.elements, (el) => (el as HTMLInputElement).name).filter(Boolean) as FieldPath<T>[],
    );
    for (const name of names) {
      const value = getValues(name);
      if (value !== undefined) setValue(name, value);
    }
    form.requestSubmit();
  }, [replayed, formRef, getValues, setValue]);
  // Runs inside React's transition for the replayed submit; the effect above runs after its reset.
  return useCallback(() => setReplayed(true), []);
}

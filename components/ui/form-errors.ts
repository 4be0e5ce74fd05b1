'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import '@/lib/contracts/zod-config';
import { z } from 'zod';
import { ClientApiError } from '@/lib/api-client/http';
import type { FieldErrors, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Field errors hold either a message key from the shared contracts (`validation.*`, translated
 * here) or a server message that arrived already translated (shown as is). The resolver keeps
 * only the key of a too-long value, not the contract's limit: the field passes its limit (`max`,
 * the contract's constant) so the message names it, as the API's does ("at most 40 characters").
 */
export function useErrorText() {
  const t = useTranslations();
  return useCallback(
    (message: string | undefined, max?: number): string | undefined => {
      if (!message) return undefined;
      if (message === 'validation.tooLong' && max !== undefined) return t('validation.tooLongMax', { max });
      return message.startsWith('validation.') ? t(message as Parameters<typeof t>[0]) : message;
    },
    [t],
  );
}

/**
 * Puts the server's per-field errors (`body.fields`) on the form's fields. Returns the names it
 * set (empty when none named a field of this form, so the caller shows its general message).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): string[] {
  if (!(error instanceof ClientApiError)) return [];
  const fields = (error.body?.fields ?? []).filter((f) => fieldNames.includes(f.path));
  fields.forEach((f) => setError(f.path as FieldPath<T>, { type: 'server', message: f.message }));
  return fields.map((f) => f.path);
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Focus on the first invalid field in reading order. react-hook-form focuses in registration
 * order instead, which differs when a parent registers fields it passes into a child (sign-up's
 * email sits inside the shared profile fields). Use with `shouldFocusError: false`.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState<Set<string>>();
  // Focus after the errors have rendered, so a screen reader reads the field with its message.
  useEffect(() => {
    if (!pending) return;
    const controls = Array.from(formRef.current?.elements ?? []) as Control[];
    controls.find((el) => 'name' in el && pending.has(el.name) && !el.hidden)?.focus();
    setPending(undefined);
  }, [pending]);
  const focusFirst = useCallback((names: Iterable<string>) => setPending(new Set(names)), []);
  const onInvalid = useCallback((errors: FieldErrors) => focusFirst(Object.keys(errors)), [focusFirst]);
  return { formRef, onInvalid, focusFirst };
}

/**
 * `when` of a password-confirmation refinement: zod skips refinements once any field has an
 * issue; the mismatch is worth showing together with the other errors (a weak password included).
 */
function confirmationCheckable(payload: { issues: readonly { path?: readonly PropertyKey[] }[] }): boolean {
  return !payload.issues.some((i) => i.path?.[0] === 'confirmPassword');
}

/**
 * A contract's body plus the UI-only `confirmPassword` field, which must equal `passwordField`
 * ('Password doesn't match.'). The confirmation lives beside the forms, never in the contract.
 */
export function withPasswordConfirmation<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  passwordField: keyof Shape & string,
) {
  // safeExtend keeps the contract's own refinements (extend refuses refined objects); the cast
  // only restates for TypeScript what safeExtend returns for a shape without `confirmPassword`.
  const extended = schema.safeExtend({ confirmPassword: z.string() } as never) as unknown as z.ZodObject<
    Shape & { confirmPassword: z.ZodString }
  >;
  const matches = (v: unknown) => {
    const values = v as Record<string, unknown>;
    return values[passwordField] === values.confirmPassword;
  };
  return extended.refine(matches, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
    when: confirmationCheckable,
  });
}

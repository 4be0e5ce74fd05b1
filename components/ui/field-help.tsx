import type { ReactNode } from 'react';

/**
 * Ids and ARIA wiring shared by every form control: the hint and the error are tied to the
 * control with aria-describedby, and aria-invalid marks it while an error shows.
 * Native controls with React ids rather than Headless UI's Field: Headless UI links
 * descriptions in effects, so the server HTML would lack them until hydration.
 */
export function fieldA11y(id: string, { hint, error }: { hint?: ReactNode; error?: string }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return {
    hintId,
    errorId,
    controlProps: {
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

export const controlClass =
  'block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 ' +
  'placeholder:text-slate-500 focus:border-brand-700 aria-[invalid=true]:border-red-700 aria-[invalid=true]:border-2 ' +
  'disabled:bg-slate-100 disabled:text-slate-600';

export const labelClass = 'mb-1 block text-sm font-medium text-slate-800';

export function FieldHint({ id, children }: { id?: string; children?: ReactNode }) {
  if (!id || !children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!id || !children) return null;
  return (
    <p id={id} className="mt-1 flex items-start gap-1 text-sm font-medium text-red-700">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{children}</span>
    </p>
  );
}

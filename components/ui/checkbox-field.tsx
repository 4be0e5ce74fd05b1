import { useId, type ComponentProps, type ReactNode } from 'react';
import { FieldError, fieldA11y } from './field-help';

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  /** May hold links (e.g. to the terms); links are allowed inside a label. */
  label: ReactNode;
  error?: string;
  isRequired?: boolean;
  className?: string;
}

export function CheckboxField({ label, error, isRequired, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const { errorId, controlProps } = fieldA11y(id, { error });
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-required={isRequired || undefined}
          {...controlProps}
          {...input}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-500 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

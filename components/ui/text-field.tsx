import { useId, type ComponentProps, type ReactNode } from 'react';
import { FieldError, FieldHint, controlClass, fieldA11y, labelClass } from './field-help';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Already translated. */
  error?: string;
  /** Marks the field required for assistive technology; the form's schema does the checking. */
  isRequired?: boolean;
  className?: string;
}

export function TextField({ label, hint, error, isRequired, className, type = 'text', ...input }: TextFieldProps) {
  const id = useId();
  const { hintId, errorId, controlProps } = fieldA11y(id, { hint, error });
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        aria-required={isRequired || undefined}
        {...controlProps}
        {...input}
        className={controlClass}
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

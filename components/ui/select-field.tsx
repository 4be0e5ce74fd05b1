import { useId, type ComponentProps, type ReactNode } from 'react';
import { FieldError, FieldHint, controlClass, fieldA11y, labelClass } from './field-help';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id' | 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** Text of an empty first option; choosing it leaves the field empty. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  isRequired?: boolean;
  className?: string;
}

/** A native select: the platform's own picker is the most accessible one on phones and with screen readers. */
export function SelectField({
  label,
  options,
  placeholder,
  hint,
  error,
  isRequired,
  className,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const { hintId, errorId, controlProps } = fieldA11y(id, { hint, error });
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} aria-required={isRequired || undefined} {...controlProps} {...select} className={controlClass}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

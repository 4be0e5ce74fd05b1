import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { FieldError, FieldHint, controlClass, fieldA11y, labelClass } from './field-help';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Already translated. */
  error?: string;
  /** Marks the field required for assistive technology; the form's schema does the checking. */
  isRequired?: boolean;
  /**
   * The contract's length limit, said in the hint ("Up to 50 characters."). Said, not enforced with
   * maxLength: the browser would cut pasted text without a word; the form refuses it instead.
   */
  maxChars?: number;
  className?: string;
}

export function TextField({
  label,
  hint: givenHint,
  error,
  isRequired,
  maxChars,
  className,
  type = 'text',
  ...input
}: TextFieldProps) {
  const id = useId();
  const t = useTranslations('fields');
  const lengthHint = maxChars === undefined ? undefined : t('lengthHint', { max: maxChars });
  const hint =
    givenHint && lengthHint ? (
      <>
        {givenHint} {lengthHint}
      </>
    ) : (
      (givenHint ?? lengthHint)
    );
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

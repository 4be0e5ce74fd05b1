'use client';

import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { FieldError, FieldHint, controlClass, fieldA11y, labelClass } from './field-help';

export interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  isRequired?: boolean;
  className?: string;
}

/**
 * Password input with a show/hide toggle. The toggle keeps one name ("Show password") and
 * reports its state with aria-pressed, the toggle-button pattern screen readers announce best.
 */
export function PasswordField({ label, hint, error, isRequired, className, ...input }: PasswordFieldProps) {
  const t = useTranslations('fields');
  const [visible, setVisible] = useState(false);
  const id = useId();
  const { hintId, errorId, controlProps } = fieldA11y(id, { hint, error });
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-required={isRequired || undefined}
          autoCapitalize="none"
          spellCheck={false}
          {...controlProps}
          {...input}
          className={`${controlClass} pr-12`}
        />
        <button
          type="button"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-700 hover:text-brand-700"
        >
          <span className="sr-only">{t('showPassword')}</span>
          {visible ? <EyeSlashIcon /> : <EyeIcon />}
        </button>
      </div>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

function EyeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-5">
      <path d="M2.25 12s3.75-7.5 9.75-7.5S21.75 12 21.75 12 18 19.5 12 19.5 2.25 12 2.25 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeSlashIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-5">
      <path d="M3 3l18 18" />
      <path d="M10.6 5.1A9.9 9.9 0 0 1 12 4.5c6 0 9.75 7.5 9.75 7.5a17.6 17.6 0 0 1-3.2 4.2M6.4 6.4C3.8 8.2 2.25 12 2.25 12S6 19.5 12 19.5a9.6 9.6 0 0 0 4.5-1.1" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  );
}

'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { PasswordFieldMarkup, type PasswordFieldProps } from './password-field-markup';

export type { PasswordFieldProps };

/**
 * Password input with a show/hide toggle. The toggle keeps one name ("Show password") and
 * reports its state with aria-pressed, the toggle-button pattern screen readers announce best.
 */
export function PasswordField(props: PasswordFieldProps) {
  const t = useTranslations('fields');
  const [visible, setVisible] = useState(false);
  return (
    <PasswordFieldMarkup {...props} visible={visible} onToggle={() => setVisible((v) => !v)} toggleLabel={t('showPassword')} />
  );
}

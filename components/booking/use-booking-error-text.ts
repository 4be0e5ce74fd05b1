'use client';

import { useCallback } from 'react';
import { useTranslations } from 'next-intl';

/** Namespaces whose keys may stand in a field error; anything else is a server message, shown as is. */
const KEY_PREFIXES = ['validation.', 'booking.', 'api.'];

/**
 * Like components/ui/form-errors.ts's useErrorText, for the booking form, whose own rules
 * (the card's 'Enter a 3 digit CVV', a slot not chosen) carry `booking.*` keys.
 */
export function useBookingErrorText() {
  const t = useTranslations();
  return useCallback(
    (message: string | undefined, max?: number): string | undefined => {
      if (!message) return undefined;
      // The resolver keeps the key of a too-long value without the contract's limit: the field passes it.
      if (message === 'validation.tooLong' && max !== undefined) return t('validation.tooLongMax', { max });
      return KEY_PREFIXES.some((prefix) => message.startsWith(prefix))
        ? t(message as Parameters<typeof t>[0])
        : message;
    },
    [t],
  );
}

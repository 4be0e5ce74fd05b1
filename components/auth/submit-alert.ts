'use client';

import { useCallback, useState } from 'react';
import { useTranslations } from 'next-intl';
import { apiErrorMessage, type ErrorTexts } from '@/lib/api-client/error-message';
import { ClientApiError } from '@/lib/api-client/http';
import type { ErrorCode } from '@/lib/contracts/errors';

/*
 * The submit-and-alert of the auth and password forms (login, sign-up, forgot, reset and change
 * password): the alert clears on each attempt; a failure the form does not place on a field itself
 * becomes the form's alert (offline, the form's generic text, or the text of its error code).
 */

interface Failure {
  /** The form's own text for an error it has none for; errors.generic when not given. */
  generic?: string;
  byCode?: ErrorTexts['byCode'];
  /** Handles the error itself (a field's server error, another screen): true leaves the alert empty. */
  handled?: (error: unknown) => boolean;
}

export function useSubmitAlert() {
  const te = useTranslations('errors');
  const [alert, setAlert] = useState<string>();
  const submit = useCallback(
    async (request: () => Promise<void>, failure: Failure = {}) => {
      setAlert(undefined);
      try {
        await request();
      } catch (error) {
        if (failure.handled?.(error)) return;
        setAlert(
          apiErrorMessage(error, {
            offline: te('offline'),
            generic: failure.generic ?? te('generic'),
            byCode: failure.byCode,
          }),
        );
      }
    },
    [te],
  );
  return { alert, submit };
}

/** Whether the API refused the request with this error code. */
export function isErrorCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ClientApiError && error.errorCode === code;
}

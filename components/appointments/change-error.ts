import { ClientApiError } from '@/lib/api-client/http';
import { isOfflineError, isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';

/**
 * What a failed cancel or reschedule shows (SPEC.md section 8): the server's own message (it
 * arrives translated: "This time is no longer available…", "This appointment can no longer be
 * canceled."), the offline text without a network, and 'Something went wrong! Please try again
 * later' for anything unexpected. A lost session goes to /api/session/expired and returns
 * `undefined`.
 */
export function changeErrorMessage(error: unknown, texts: { offline: string; generic: string }): string | undefined {
  if (isSessionLost(error)) {
    window.location.assign(sessionExpiredUrl(document.documentElement.lang));
    return undefined;
  }
  if (isOfflineError(error)) return texts.offline;
  if (error instanceof ClientApiError && error.body && error.body.errorCode !== 'internal') return error.body.message;
  return texts.generic;
}

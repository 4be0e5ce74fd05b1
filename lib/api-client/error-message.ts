import { ClientApiError } from './http';
import type { ErrorCode } from '../contracts/errors';

/** Marks an error code whose server message is shown as is (it arrives already translated). */
export const SERVER_MESSAGE = Symbol('server message');

export interface ErrorTexts {
  offline: string;
  generic: string;
  byCode?: Partial<Record<ErrorCode, string | typeof SERVER_MESSAGE>>;
}

/** No network, or the browser knows it is offline (SPEC.md section 8, login failures). */
export function isOfflineError(error: unknown): boolean {
  if (error instanceof ClientApiError && error.isNetworkError) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The session ended while the page was open: the caller sends the browser to /api/session/expired. */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ClientApiError && error.status === 401;
}

/**
 * Where a page whose session ended sends the browser: /api/session/expired clears the cookie and
 * goes to login, keeping `returnTo` (by default the page in the browser's address bar) to come
 * back to after login, as the middleware does for any protected page.
 */
export function sessionExpiredUrl(locale: string, returnTo?: string): string {
  const params = new URLSearchParams({ locale: locale === 'es' ? 'es' : 'en' });
  const back =
    returnTo ?? (typeof window === 'undefined' ? undefined : `${window.location.pathname}${window.location.search}`);
  if (back) params.set('next', back);
  return `/api/session/expired?${params}`;
}

/** Maps a failed call to the text a form shows: offline first, then per-code texts, then the generic one. */
export function apiErrorMessage(error: unknown, texts: ErrorTexts): string {
  if (isOfflineError(error)) return texts.offline;
  if (error instanceof ClientApiError && error.body) {
    const text = texts.byCode?.[error.body.errorCode];
    if (text === SERVER_MESSAGE) return error.body.message;
    if (text) return text;
  }
  return texts.generic;
}

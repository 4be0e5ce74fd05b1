import type { ErrorCode } from '../contracts/errors';
import { ClientApiError } from './http';

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

export function sessionExpiredUrl(locale: string): string {
  return `/api/session/expired?locale=${locale === 'es' ? 'es' : 'en'}`;
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

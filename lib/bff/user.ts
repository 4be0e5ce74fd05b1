import 'server-only';
import { cache } from 'react';
import { currentToken } from './session';
import { callV4 } from './v4-client';
import type { User } from '../contracts/user';
import type { Locale } from '../i18n/languages';

/**
 * The logged-in user for server components (the same call GET /api/me makes, without HTTP to
 * ourselves; STYLE.md habit 6). `expired` means the cookie named a session /v4 no longer knows:
 * the page sends the browser to /api/session/expired, which clears the cookie.
 */
export const getCurrentUser = cache(async function getCurrentUser(
  locale: Locale,
): Promise<{ user: User; expired: false } | { user: undefined; expired: boolean }> {
  const token = await currentToken();
  if (!token) return { user: undefined, expired: false };
  const result = await callV4<User[]>('listUsers', { token, locale });
  if (result.ok && result.data[0]) return { user: result.data[0], expired: false };
  return { user: undefined, expired: result.status === 401 };
});

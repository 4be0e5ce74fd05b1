import 'server-only';
import { redirect } from 'next/navigation';
import { getPathname, redirect as redirectInLocale } from '../i18n/navigation';
import { getCurrentUser } from './user';
import type { V4Result } from './v4-client';
import type { User } from '../contracts/user';
import type { Locale } from '../i18n/languages';

type Query = Record<string, string | string[] | undefined>;

/**
 * A protected page found its /v4 session gone (the cookie still looked valid). Server components
 * cannot change cookies, so the browser goes to /api/session/expired, which clears the cookie and
 * sends it to login; `page` (locale-less, e.g. `/all-appointments`) and its query are kept as the
 * post-login route, so the patient comes back here after logging in.
 */
export function redirectExpiredSession(locale: Locale, page: string, query: Query = {}): never {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  const search = params.size > 0 ? `?${params}` : '';
  const target = new URLSearchParams({ locale, next: getPathname({ href: `${page}${search}`, locale }) });
  redirect(`/api/session/expired?${target}`);
}

/**
 * The session check of a protected page, which checks the session itself (STYLE.md habit 5: the
 * middleware's redirect is only a convenience). `result` is the page's first /v4 call through
 * lib/bff, undefined when no session cookie was there to make it with: the login page. A 401 is a
 * cookie whose session /v4 no longer knows (redirectExpiredSession). Anything else is the page's.
 */
export function requireSession<T>(
  result: V4Result<T> | undefined,
  locale: Locale,
  page: string,
  query?: Query,
): V4Result<T> {
  if (!result) return redirectInLocale({ href: '/login', locale });
  if (!result.ok && result.status === 401) redirectExpiredSession(locale, page, query);
  return result;
}

/** The same check for a page that starts from the logged-in user (cached per request). */
export async function requireUser(locale: Locale, page: string, query?: Query): Promise<User> {
  const { user, expired } = await getCurrentUser(locale);
  if (user) return user;
  if (expired) redirectExpiredSession(locale, page, query);
  return redirectInLocale({ href: '/login', locale });
}

import 'server-only';
import { redirect } from 'next/navigation';
import { getPathname } from '../i18n/navigation';
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

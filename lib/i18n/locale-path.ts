import { redirect as nextRedirect } from 'next/navigation';
import { DEFAULT_LOCALE, type Locale } from './languages';

/** A path of the site (leading slash, no locale), or the same as `{ pathname, query }`. */
export type Href = string | { pathname: string; query?: Record<string, string | number | readonly (string | number)[] | undefined> };

/**
 * The locale's prefix of a path the way next-intl's `localePrefix: 'as-needed'` lays it out
 * (lib/i18n/routing.ts): English at the path itself, Spanish under `/es` (`/` becomes `/es`,
 * `/?q=1` becomes `/es?q=1`). Paths that are not the site's own (`https:`, `mailto:`, relative,
 * `#hash`) are left as they are.
 */
export function prefixPath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !path.startsWith('/') || path.startsWith('//')) return path;
  return `/${locale}${/^\/(\?.*)?$/.test(path) ? path.slice(1) : path}`;
}

/** The path without the locale's prefix, as next-intl's `usePathname` answers it. */
export function unprefixPath(pathname: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return pathname;
  const prefix = `/${locale}`;
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}

function search(query: NonNullable<Exclude<Href, string>['query']>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  return `?${params.toString()}`;
}

/**
 * The URL of a page in a locale (next-intl's `getPathname`, without its client navigation:
 * issue 10 counts every kilobyte public pages ship, and this is all the app needs of it).
 */
export function getPathname({ href, locale }: { href: Href; locale: Locale }): string {
  const path = typeof href === 'string' ? href : `${href.pathname}${href.query ? search(href.query) : ''}`;
  return prefixPath(path, locale);
}

/** Next's `redirect` to a page in a locale (next-intl's `redirect({ href, locale })`). */
export function redirect(args: { href: Href; locale: Locale }): never {
  return nextRedirect(getPathname(args));
}

import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE, LOCALES } from './languages';

// English at the spec's own paths, Spanish under /es (localePrefix 'as-needed').
// The choice is kept in next-intl's NEXT_LOCALE cookie, never in localStorage.
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  localeCookie: { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});

import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE, LOCALES } from './languages';

// English at the spec's own paths, Spanish under /es (localePrefix 'as-needed').
// A URL always serves its own language: with detection on, next-intl sent every unprefixed
// (English) URL to /es/... once a visit to an /es page had set its cookie, so an English search
// result or a crawler's link opened in Spanish. The language changes only by following a link to
// the other language's path (the picker). The NEXT_LOCALE cookie still records the last language
// seen, which the BFF and the edge use for the language of API errors, never in localStorage.
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});

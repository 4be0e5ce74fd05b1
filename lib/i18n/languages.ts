/**
 * Locales of the site and their language keys (SPEC.md: English key `en`, Spanish key `sp`,
 * locale `es`). The /v4 API speaks language keys in its `Language` header; URLs use locales.
 */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LANGUAGE_KEYS = { en: 'en', es: 'sp' } as const satisfies Record<Locale, string>;

export function localeFromLanguageKey(key: string | null | undefined): Locale {
  return key === 'sp' || key === 'es' ? 'es' : 'en';
}

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'es';
}

/** Language entries of the picker (SPEC.md section 3 "Language entry": key, label, flag, locale). */
export const LANGUAGES = [
  { key: 'en', label: 'English', flag: '/flags/us.svg', locale: 'en' },
  { key: 'sp', label: 'Español', flag: '/flags/es.svg', locale: 'es' },
] as const;

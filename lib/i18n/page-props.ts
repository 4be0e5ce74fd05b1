import { hasLocale } from 'next-intl';
import { routing } from './routing';
import type { Locale } from './languages';

/**
 * Props of pages under app/[locale]. Written out rather than Next's generated PageProps<...>,
 * which only exist after a build has generated the route types.
 */
export interface LocalePageProps<P extends Record<string, string> = Record<never, never>> {
  params: Promise<{ locale: string } & P>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export function pageLocale(locale: string): Locale {
  return hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
}

/** First value of a query parameter. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

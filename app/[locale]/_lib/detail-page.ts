import 'server-only';
import { getTranslations } from 'next-intl/server';
import { serverEnv } from '@/lib/config/server-env';
import type { Locale } from '@/lib/i18n/languages';
import { pageLocale } from '@/lib/i18n/page-props';
import { absoluteUrl, languageAlternates } from '@/components/provider/page-urls';
import type { Metadata } from 'next';

/*
 * What the provider and clinic pages (app/[locale]/provider-details and clinic-details) share:
 * reading their cached data, and their metadata (canonical and hreflang links, Open Graph, the
 * Twitter card). Their segment config (revalidate, dynamicParams) stays literal in each page:
 * Next reads it statically.
 */

export type DetailPageProps = { params: Promise<{ locale: string; id: string }> };

/** The page's locale and its cached data (null for an unknown id): the same for the metadata and the page. */
export async function loadDetail<T>(
  { params }: DetailPageProps,
  load: (id: string, locale: Locale) => Promise<T | null>,
): Promise<{ locale: Locale; detail: T | null }> {
  const { locale: raw, id } = await params;
  const locale = pageLocale(raw);
  return { locale, detail: await load(id, locale) };
}

/** An unknown id: the spec's 404 message as the title, and not indexed. */
export async function notFoundMetadata(locale: Locale, key: 'providerNotFound' | 'officeNotFound'): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'api' });
  return { title: t(key), robots: { index: false } };
}

export function detailMetadata(page: {
  locale: Locale;
  path: string;
  title: string;
  description: string;
  image: { url: string | null; alt: string };
  /** A provider's page is a profile (with their name), a clinic's a website. */
  profile?: { firstName: string; lastName: string };
}): Metadata {
  const { locale, path, title, description, image, profile } = page;
  const origin = serverEnv().publicUrl;
  const url = absoluteUrl(origin, path, locale);
  const common = {
    url,
    title,
    description,
    siteName: 'Dental Booking',
    locale: locale === 'es' ? 'es_US' : 'en_US',
    alternateLocale: locale === 'es' ? ['en_US'] : ['es_US'],
    ...(image.url ? { images: [{ url: image.url, alt: image.alt }] } : {}),
  };
  return {
    title,
    description,
    alternates: { canonical: url, languages: languageAlternates(origin, path) },
    openGraph: profile ? { type: 'profile', ...common, ...profile } : { type: 'website', ...common },
    twitter: { card: 'summary', title, description },
  };
}

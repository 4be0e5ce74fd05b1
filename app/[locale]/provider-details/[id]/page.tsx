import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { serverEnv } from '@/lib/config/server-env';
import { cachedProviderDetail } from '@/lib/bff/page-cache';
import { pageLocale } from '@/lib/i18n/page-props';
import { JsonLdScript } from '@/components/provider/json-ld-script';
import { providerJsonLd } from '@/components/provider/json-ld';
import { absoluteUrl, languageAlternates, providerPath } from '@/components/provider/page-urls';
import { ProviderProfile } from '@/components/provider/provider-profile';

/*
 * /provider-details/{id}: rendered on the server on its first request, then served from Next's
 * cache (ISR) until its data changes (lib/bff/page-cache.ts) or an hour passes. Nothing here may
 * read cookies, headers or the query string, or the page would be rendered on every request:
 * the user menu, the heart and the slots are fetched by the browser (README "Decisions").
 */

// PAGE_REVALIDATE_SECONDS of lib/bff/page-cache.ts, written as a literal: Next reads segment config statically.
export const revalidate = 3600;
// Any id may be asked for; unknown ones answer 404, which is not cached (lib/server/page-cache-handler.mjs).
export const dynamicParams = true;

/** None at build time: thousands of providers would make every build slow; each is rendered when first asked for. */
export function generateStaticParams(): { id: string }[] {
  return [];
}

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, id } = await params;
  const locale = pageLocale(raw);
  const provider = await cachedProviderDetail(id, locale);
  if (!provider) {
    const t = await getTranslations({ locale, namespace: 'api' });
    return { title: t('providerNotFound'), robots: { index: false } };
  }
  const t = await getTranslations({ locale, namespace: 'provider' });
  const origin = serverEnv().publicUrl;
  const path = providerPath(provider.id);
  const office = provider.offices[0];
  const specialty = provider.specialties[0]?.name ?? '';
  const place = office ? `${office.city}, ${office.state}` : '';
  const title = t('metaTitle', { name: provider.displayName, title: provider.title, specialty, place });
  const description =
    provider.rating.count > 0
      ? t('metaDescription', {
          name: provider.displayName,
          specialty,
          place,
          rating: provider.rating.average.toFixed(1),
          count: provider.rating.count,
        })
      : t('metaDescriptionNoReviews', { name: provider.displayName, specialty, place });
  const url = absoluteUrl(origin, path, locale);
  return {
    title,
    description,
    alternates: { canonical: url, languages: languageAlternates(origin, path) },
    openGraph: {
      type: 'profile',
      url,
      title,
      description,
      siteName: 'Dental Booking',
      locale: locale === 'es' ? 'es_US' : 'en_US',
      alternateLocale: locale === 'es' ? ['en_US'] : ['es_US'],
      firstName: provider.firstName,
      lastName: provider.lastName,
      ...(provider.photoUrl ? { images: [{ url: provider.photoUrl, alt: provider.displayName }] } : {}),
    },
    twitter: { card: 'summary', title, description },
  };
}

export default async function ProviderDetailsPage({ params }: Props) {
  const { locale: raw, id } = await params;
  const locale = pageLocale(raw);
  setRequestLocale(locale);
  const provider = await cachedProviderDetail(id, locale);
  // Unknown ids and ids of the wrong shape: 404 with the spec's message (./not-found.tsx).
  if (!provider) notFound();
  return (
    <>
      <JsonLdScript data={providerJsonLd(provider, serverEnv().publicUrl, locale)} />
      <ProviderProfile provider={provider} locale={locale} />
    </>
  );
}

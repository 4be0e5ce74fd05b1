import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { serverEnv } from '@/lib/config/server-env';
import { cachedProviderDetail } from '@/lib/bff/page-cache';
import { JsonLdScript } from '@/components/provider/json-ld-script';
import { providerJsonLd } from '@/components/provider/json-ld';
import { providerPath } from '@/components/provider/page-urls';
import { detailMetadata, loadDetail, notFoundMetadata, type DetailPageProps } from '@/app/[locale]/_lib/detail-page';
import { ProviderProfile } from '@/components/provider/provider-profile';
import type { Metadata } from 'next';

/*
 * /provider-details/{id}: rendered on the server on its first request, then served from Next's
 * cache (ISR) until its data changes (lib/bff/page-cache.ts) or an hour passes. Nothing here may
 * read cookies, headers or the query string, or the page would be rendered on every request:
 * the user menu, the heart and the slots are fetched by the browser (README "Decisions").
 */

// PAGE_REVALIDATE_SECONDS of lib/bff/page-cache.ts, written as a literal: Next reads segment config statically.
export const revalidate = 3600;
// Any id may be asked for; unknown ones answer 404, which is not cached (lib/bff/page-cache-handler.mjs).
export const dynamicParams = true;

/** None at build time: thousands of providers would make every build slow; each is rendered when first asked for. */
export function generateStaticParams(): { id: string }[] {
  return [];
}

export async function generateMetadata(props: DetailPageProps): Promise<Metadata> {
  const { locale, detail: provider } = await loadDetail(props, cachedProviderDetail);
  if (!provider) return notFoundMetadata(locale, 'providerNotFound');
  const t = await getTranslations({ locale, namespace: 'provider' });
  const office = provider.offices[0];
  const specialty = provider.specialties[0]?.name ?? '';
  const place = office ? `${office.city}, ${office.state}` : '';
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
  return detailMetadata({
    locale,
    path: providerPath(provider.id),
    title: t('metaTitle', { name: provider.displayName, title: provider.title, specialty, place }),
    description,
    image: { url: provider.photoUrl, alt: provider.displayName },
    profile: { firstName: provider.firstName, lastName: provider.lastName },
  });
}

export default async function ProviderDetailsPage(props: DetailPageProps) {
  const { locale, detail: provider } = await loadDetail(props, cachedProviderDetail);
  setRequestLocale(locale);
  // Unknown ids and ids of the wrong shape: 404 with the spec's message (./not-found.tsx).
  if (!provider) notFound();
  return (
    <>
      <JsonLdScript data={providerJsonLd(provider, serverEnv().publicUrl, locale)} />
      <ProviderProfile provider={provider} locale={locale} />
    </>
  );
}

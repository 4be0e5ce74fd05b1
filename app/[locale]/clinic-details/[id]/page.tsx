import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { serverEnv } from '@/lib/config/server-env';
import { cachedClinicDetail } from '@/lib/bff/page-cache';
import { pageLocale } from '@/lib/i18n/page-props';
import { ClinicProfile } from '@/components/clinic/clinic-profile';
import { JsonLdScript } from '@/components/provider/json-ld-script';
import { clinicJsonLd } from '@/components/provider/json-ld';
import { absoluteUrl, clinicPath, languageAlternates } from '@/components/provider/page-urls';

/*
 * /clinic-details/{id}: cached like the provider page (see there and lib/bff/page-cache.ts);
 * nothing here reads per-request data.
 */

// PAGE_REVALIDATE_SECONDS of lib/bff/page-cache.ts, written as a literal: Next reads segment config statically.
export const revalidate = 3600;
export const dynamicParams = true;

export function generateStaticParams(): { id: string }[] {
  return [];
}

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, id } = await params;
  const locale = pageLocale(raw);
  const clinic = await cachedClinicDetail(id, locale);
  if (!clinic) {
    const t = await getTranslations({ locale, namespace: 'api' });
    return { title: t('officeNotFound'), robots: { index: false } };
  }
  const t = await getTranslations({ locale, namespace: 'clinic' });
  const origin = serverEnv().publicUrl;
  const path = clinicPath(clinic.id);
  const place = `${clinic.city}, ${clinic.state}`;
  const title = t('metaTitle', { name: clinic.name, place });
  const description = t('metaDescription', { name: clinic.name, place, count: clinic.providers.length });
  const url = absoluteUrl(origin, path, locale);
  return {
    title,
    description,
    alternates: { canonical: url, languages: languageAlternates(origin, path) },
    openGraph: {
      type: 'website',
      url,
      title,
      description,
      siteName: 'Dental Booking',
      locale: locale === 'es' ? 'es_US' : 'en_US',
      alternateLocale: locale === 'es' ? ['en_US'] : ['es_US'],
      ...(clinic.photoUrl ? { images: [{ url: clinic.photoUrl, alt: clinic.name }] } : {}),
    },
    twitter: { card: 'summary', title, description },
  };
}

export default async function ClinicDetailsPage({ params }: Props) {
  const { locale: raw, id } = await params;
  const locale = pageLocale(raw);
  setRequestLocale(locale);
  const clinic = await cachedClinicDetail(id, locale);
  if (!clinic) notFound();
  return (
    <>
      <JsonLdScript data={clinicJsonLd(clinic, serverEnv().publicUrl, locale)} />
      <ClinicProfile clinic={clinic} locale={locale} />
    </>
  );
}

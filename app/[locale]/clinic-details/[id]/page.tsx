import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { serverEnv } from '@/lib/config/server-env';
import { cachedClinicDetail } from '@/lib/bff/page-cache';
import { ClinicProfile } from '@/components/clinic/clinic-profile';
import { JsonLdScript } from '@/components/provider/json-ld-script';
import { clinicJsonLd } from '@/components/provider/json-ld';
import { clinicPath } from '@/components/provider/page-urls';
import { detailMetadata, loadDetail, notFoundMetadata, type DetailPageProps } from '@/app/[locale]/_lib/detail-page';
import type { Metadata } from 'next';

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

export async function generateMetadata(props: DetailPageProps): Promise<Metadata> {
  const { locale, detail: clinic } = await loadDetail(props, cachedClinicDetail);
  if (!clinic) return notFoundMetadata(locale, 'officeNotFound');
  const t = await getTranslations({ locale, namespace: 'clinic' });
  const place = `${clinic.city}, ${clinic.state}`;
  return detailMetadata({
    locale,
    path: clinicPath(clinic.id),
    title: t('metaTitle', { name: clinic.name, place }),
    description: t('metaDescription', { name: clinic.name, place, count: clinic.providers.length }),
    image: { url: clinic.photoUrl, alt: clinic.name },
  });
}

export default async function ClinicDetailsPage(props: DetailPageProps) {
  const { locale, detail: clinic } = await loadDetail(props, cachedClinicDetail);
  setRequestLocale(locale);
  if (!clinic) notFound();
  return (
    <>
      <JsonLdScript data={clinicJsonLd(clinic, serverEnv().publicUrl, locale)} />
      <ClinicProfile clinic={clinic} locale={locale} />
    </>
  );
}

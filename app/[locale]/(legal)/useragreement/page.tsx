import { LegalPage, legalMetadata } from '@/components/legal/legal-page';
import type { Locale } from '@/lib/i18n/languages';
import type { Metadata } from 'next';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  return legalMetadata(locale as Locale, 'userAgreement');
}

export default async function UserAgreementPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return <LegalPage locale={locale as Locale} doc="userAgreement" />;
}

import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { indexedPageMetadata } from '@/lib/i18n/page-metadata';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { ClientMessages } from '@/components/providers/client-messages';
import { FORM_NAMESPACES } from '@/lib/i18n/client-messages';
import type { Metadata } from 'next';

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: pageLocale(locale), namespace: 'forgotPassword' });
  // Listed by search engines, as every public page (Lighthouse SEO 100): people look
  // for a site's log-in and sign-up pages by name.
  return indexedPageMetadata({
    locale: pageLocale(locale),
    path: '/forgot-password',
    title: t('title'),
    description: t('intro'),
  });
}

export default async function ForgotPasswordPage({ params }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('forgotPassword');
  return (
    <AuthCard heading={t('heading')} intro={t('intro')}>
      <ClientMessages namespaces={['forgotPassword', ...FORM_NAMESPACES]}>
        <ForgotPasswordForm />
      </ClientMessages>
    </AuthCard>
  );
}

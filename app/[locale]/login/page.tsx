import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { LoginForm } from '@/components/auth/login-form';
import { indexedPageMetadata } from '@/lib/i18n/page-metadata';
import { firstParam, pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { ClientMessages } from '@/components/providers/client-messages';
import { FORM_NAMESPACES } from '@/lib/i18n/client-messages';
import type { Metadata } from 'next';

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: pageLocale(locale), namespace: 'login' });
  // Listed by search engines, as every public page (Lighthouse SEO 100): people look
  // for a site's log-in and sign-up pages by name.
  return indexedPageMetadata({
    locale: pageLocale(locale),
    path: '/login',
    title: t('title'),
    description: t('intro'),
  });
}

// A logged-in visitor never gets here: the middleware sends them to the saved route or home.
export default async function LoginPage({ params, searchParams }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const query = await searchParams;
  const t = await getTranslations('login');
  const notices = {
    expired: firstParam(query.expired) === '1',
    registered: firstParam(query.registered) === '1',
    reset: firstParam(query.reset) === '1',
    deleted: firstParam(query.deleted) === '1',
  };
  return (
    <AuthCard heading={t('heading')} intro={t('intro')}>
      <ClientMessages
        namespaces={[
          'login',
          'deleteAccount.deletedNotice',
          'deleteAccount.restored',
          'deleteAccount.restoredContinue',
          ...FORM_NAMESPACES,
        ]}
      >
        <LoginForm notices={notices} />
      </ClientMessages>
    </AuthCard>
  );
}

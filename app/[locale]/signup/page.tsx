import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { SignUpForm } from '@/components/auth/signup-form';
import { callV4 } from '@/lib/bff/v4-client';
import type { Country } from '@/lib/contracts/countries';
import { indexedPageMetadata } from '@/lib/i18n/page-metadata';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { ClientMessages } from '@/components/providers/client-messages';
import { FORM_NAMESPACES } from '@/lib/i18n/client-messages';
import type { Metadata } from 'next';

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: pageLocale(locale), namespace: 'signup' });
  // Listed by search engines, as every public page (Lighthouse SEO 100): people look
  // for a site's log-in and sign-up pages by name.
  return indexedPageMetadata({
    locale: pageLocale(locale),
    path: '/signup',
    title: t('title'),
    description: t('intro'),
  });
}

export default async function SignUpPage({ params }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('signup');
  // The country list rides in with the page (STYLE.md habit 6): the form puts it under the client
  // hook's key. If the call failed, the hook's fallback (the contract's table) stands in.
  const countries = await callV4<Country[]>('countries', { locale });
  return (
    <AuthCard heading={t('heading')} intro={t('intro')} wide>
      <ClientMessages namespaces={['signup', ...FORM_NAMESPACES]}>
        <SignUpForm serverCountries={countries.ok ? countries.data : undefined} />
      </ClientMessages>
    </AuthCard>
  );
}

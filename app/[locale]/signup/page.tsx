import type { Metadata } from 'next';
import { HydrationBoundary, QueryClient, dehydrate } from '@tanstack/react-query';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { SignUpForm } from '@/components/auth/signup-form';
import { callV4 } from '@/lib/bff/v4-client';
import type { Country } from '@/lib/contracts/countries';
import { queryKeys } from '@/lib/api-client/query-keys';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryProvider } from '@/components/providers/query-provider';
import { FORM_NAMESPACES } from '@/lib/i18n/client-messages';

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: pageLocale(locale), namespace: 'signup' });
  return { title: t('title'), robots: { index: false } };
}

export default async function SignUpPage({ params }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('signup');
  // The country list rides in with the page under the client hook's key (STYLE.md habit 6).
  const queryClient = new QueryClient();
  const countries = await callV4<Country[]>('countries', { locale });
  if (countries.ok) queryClient.setQueryData(queryKeys.countries(locale), countries.data);
  return (
    <AuthCard heading={t('heading')} intro={t('intro')} wide>
      <ClientMessages namespaces={['signup', ...FORM_NAMESPACES]}>
        <QueryProvider>
          <HydrationBoundary state={dehydrate(queryClient)}>
            <SignUpForm />
          </HydrationBoundary>
        </QueryProvider>
      </ClientMessages>
    </AuthCard>
  );
}

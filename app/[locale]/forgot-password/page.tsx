import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { ForgotPasswordFormView } from '@/components/auth/forgot-password-form-view';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { ClientMessages } from '@/components/providers/client-messages';
import { FORM_NAMESPACES } from '@/lib/i18n/client-messages';

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: pageLocale(locale), namespace: 'forgotPassword' });
  return { title: t('title'), robots: { index: false } };
}

export default async function ForgotPasswordPage({ params }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('forgotPassword');
  return (
    <AuthCard heading={t('heading')} intro={t('intro')}>
      <ClientMessages namespaces={['forgotPassword', ...FORM_NAMESPACES]}>
        <ForgotPasswordForm>
          <ForgotPasswordFormView field={(name) => ({ name })} />
        </ForgotPasswordForm>
      </ClientMessages>
    </AuthCard>
  );
}

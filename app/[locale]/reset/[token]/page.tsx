import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { ResetPasswordError } from '@/components/auth/reset-password-screens';
import { callV4 } from '@/lib/bff/v4-client';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryProvider } from '@/components/providers/query-provider';
import { FORM_NAMESPACES } from '@/lib/i18n/client-messages';
import type { Metadata } from 'next';

export async function generateMetadata({ params }: LocalePageProps<{ token: string }>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: pageLocale(locale), namespace: 'resetPassword' });
  // The token is a secret: no indexing, and no Referer carrying it to other sites.
  return { title: t('title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function ResetPasswordPage({ params }: LocalePageProps<{ token: string }>) {
  const { locale: rawLocale, token } = await params;
  const locale = pageLocale(rawLocale);
  setRequestLocale(locale);
  // The same call GET /api/password-reset/{token} makes, without HTTP to ourselves (STYLE.md habit 6).
  const status = await callV4<{ valid: true; email: string }>('checkResetToken', { params: { token }, locale });
  return (
    <AuthCard>
      <ClientMessages namespaces={['resetPassword', ...FORM_NAMESPACES]}>
        <QueryProvider>
          {status.ok ? <ResetPasswordForm token={token} email={status.data.email} /> : <ResetPasswordError />}
        </QueryProvider>
      </ClientMessages>
    </AuthCard>
  );
}

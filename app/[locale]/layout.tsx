import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { GeistSans } from 'geist/font/sans';
import { routing } from '@/lib/i18n/routing';
import { Providers } from '@/components/providers/providers';
import { Footer } from '@/components/shell/footer';
import { getShellUser } from '@/components/shell/get-shell-user';
import { Header } from '@/components/shell/header';
import '../globals.css';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return {
    title: { default: t('title'), template: `%s | ${t('siteName')}` },
    description: t('description'),
  };
}

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // Loaded before any HTML is sent, so the header never shows a loading phase (SPEC.md section 2
  // hides header and footer while the profile loads; here that moment does not exist).
  const [user, t] = await Promise.all([getShellUser(locale), getTranslations('common')]);
  return (
    <html lang={locale} className={GeistSans.variable}>
      <body
        className="flex min-h-screen flex-col font-sans"
        style={{ ['--font-sans' as string]: 'var(--font-geist-sans)' }}
      >
        <a
          href="#main"
          className="sr-only z-[60] rounded-lg bg-white px-4 py-3 font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider>
          <Providers>
            <Header user={user} />
            <div className="flex flex-1 flex-col">{children}</div>
            <Footer />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { geistSans } from '@/app/fonts/geist-sans';
import { routing } from '@/lib/i18n/routing';
import { SHELL_NAMESPACES, pickMessages } from '@/lib/i18n/client-messages';
import { serverEnv } from '@/lib/config/server-env';
import { noteShellLinksOfBuild, shellLinks } from '@/lib/config/shell-links';
import { LocationProvider } from '@/components/location/location-provider';
import { Providers } from '@/components/providers/providers';
import { Footer } from '@/components/shell/footer';
import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import '../globals.css';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({
    locale: hasLocale(routing.locales, locale) ? locale : routing.defaultLocale,
    namespace: 'meta',
  });
  return {
    // Canonical, hreflang and Open Graph URLs of every page resolve against the public origin.
    metadataBase: new URL(serverEnv().publicUrl),
    title: { default: t('title'), template: `%s | ${t('siteName')}` },
    description: t('description'),
  };
}

/**
 * The shell of every page. It reads no cookie and no per-user data, so pages that read none
 * either can be rendered once and served from Next's cache (the provider and clinic pages;
 * README "Decisions"). The header finds the user in the browser; `header` is the @header slot,
 * where a dynamic page that knows the user already hands it over (app/[locale]/@header).
 */
export default async function LocaleLayout({
  children,
  header,
  params,
}: {
  children: ReactNode;
  header: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const [t, messages] = await Promise.all([getTranslations('common'), getMessages()]);
  const links = shellLinks();
  noteShellLinksOfBuild();
  return (
    <html lang={locale} className={geistSans.variable}>
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
        <NextIntlClientProvider messages={pickMessages(messages, SHELL_NAMESPACES)}>
          <Providers support={links.support}>
            {/* Turns itself off on the legal and auth pages and asks nothing on the provider and
                clinic pages (components/location/location-params.ts). */}
            <LocationProvider>
              {header}
              <div className="flex flex-1 flex-col">{children}</div>
              <Footer appStoreUrl={links.appStoreUrl} googlePlayUrl={links.googlePlayUrl} social={links.social} />
            </LocationProvider>
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

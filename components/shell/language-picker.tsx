'use client';

import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import NextLink from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { LANGUAGES, type Locale } from '@/lib/i18n/languages';
import { getPathname, usePathname } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import { ChevronDownIcon } from '@/components/ui/shell-icons';

export function Flag({ src }: { src: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- a 1 kB SVG; nothing for next/image to optimise
  return <img src={src} alt="" width={24} height={16} className="h-4 w-6 shrink-0 rounded-sm ring-1 ring-black/10" />;
}

/** Sets next-intl's locale cookie the way its own navigation does, so the BFF's error language agrees with the page. */
function storeLocale(locale: Locale) {
  const config = typeof routing.localeCookie === 'object' ? routing.localeCookie : {};
  const { name = 'NEXT_LOCALE', maxAge = 31_536_000, sameSite = 'lax' } = config;
  document.cookie = `${name}=${locale}; path=/; max-age=${maxAge}; samesite=${sameSite}`;
}

/**
 * Switches the page between English (no prefix) and Spanish (/es), keeping path and query
 * (SPEC.md section 2; the last choice lives in the NEXT_LOCALE cookie, never localStorage).
 * Headless UI's popover, a disclosure: the button shows a list of links to this page in each
 * language, and focus moves into it; Tab moves, Escape or Tab past the end closes it. Plain links,
 * so the switch works as any link does (open in a new tab, copy, crawl).
 */
export function LanguagePicker() {
  const locale = useLocale() as Locale;
  const t = useTranslations('shell');
  const current = LANGUAGES.find((l) => l.locale === locale) ?? LANGUAGES[0];

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={t('language', { language: current.label })}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <Flag src={current.flag} />
        {/* The name shows where the header has room; the button's accessible name always carries it. */}
        <span className="hidden whitespace-nowrap sm:inline nav:hidden lg:inline">{current.label}</span>
        <ChevronDownIcon className="size-4 text-slate-600" />
      </PopoverButton>
      <PopoverPanel
        focus
        className="absolute right-0 z-50 mt-2 w-44 rounded-xl bg-white py-2 shadow-lg ring-1 ring-black/10"
      >
        {({ close }) => <LanguageLinks label={t('chooseLanguage')} locale={locale} onChoose={close} />}
      </PopoverPanel>
    </Popover>
  );
}

/**
 * The open list: rendered only while open, so the query string is read in the browser and the
 * pages that are rendered ahead of time need no Suspense boundary for it.
 *
 * The links are next/link with the path next-intl's `getPathname` gives, not next-intl's `Link`
 * with a `locale` prop: that one forces a prefix (`/en/...`) to beat locale detection, which this
 * site turns off (lib/i18n/routing.ts), so English would take a redirect to its own bare path.
 */
function LanguageLinks({ label, locale, onChoose }: { label: string; locale: Locale; onChoose: () => void }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  return (
    <ul aria-label={label}>
      {LANGUAGES.map((language) => {
        const path = getPathname({ href: pathname, locale: language.locale });
        return (
          <li key={language.key}>
            <NextLink
              href={search ? `${path}?${search}` : path}
              hrefLang={language.locale}
              lang={language.locale}
              aria-current={language.locale === locale ? 'true' : undefined}
              prefetch={false}
              scroll={false}
              onClick={() => {
                storeLocale(language.locale);
                onChoose();
              }}
              className={`flex items-center gap-3 px-4 py-2.5 text-sm text-slate-800 hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
                language.locale === locale ? 'font-semibold' : ''
              }`}
            >
              <Flag src={language.flag} />
              {language.label}
            </NextLink>
          </li>
        );
      })}
    </ul>
  );
}

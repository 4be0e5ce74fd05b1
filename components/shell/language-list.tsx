'use client';

import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import NextLink from 'next/link';
import { useSearchParams } from 'next/navigation';
import { LANGUAGES, type Locale } from '@/lib/i18n/languages';
import { getPathname, usePathname } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import { PANEL_STYLE } from './dropdown-menu';
import { Flag } from './language-picker';
import { nextIndex } from './use-popup';

/** Sets next-intl's locale cookie the way its own navigation does, so the BFF's error language agrees with the page. */
function storeLocale(locale: Locale) {
  const config = typeof routing.localeCookie === 'object' ? routing.localeCookie : {};
  const { name = 'NEXT_LOCALE', maxAge = 31_536_000, sameSite = 'lax' } = config;
  document.cookie = `${name}=${locale}; path=/; max-age=${maxAge}; samesite=${sameSite}`;
}

/**
 * The language picker's open list (components/shell/language-picker.tsx), fetched when it first
 * opens or the browser is idle: one plain link per language to the same page and query in that
 * language, so the switch works as any link does (open in a new tab, copy, crawl) and needs no
 * script to happen. It takes focus on the current language; Tab or the arrows move, Enter follows,
 * Escape closes back to the button, and Tab out of the list closes it.
 *
 * The links are next/link with the path next-intl's `getPathname` gives, not next-intl's `Link`
 * with a `locale` prop: that one forces a prefix (`/en/...`) to beat locale detection, which this
 * site turns off (lib/i18n/routing.ts), so English would take a redirect to its own bare path.
 */
export function LanguageList({
  id,
  label,
  locale,
  panelRef,
  onClose,
}: {
  id: string;
  label: string;
  locale: Locale;
  panelRef: RefObject<HTMLUListElement | null>;
  /** Closes the list; `true` puts focus back on the button. */
  onClose: (focusButton?: boolean) => void;
}) {
  const pathname = usePathname();
  const search = useSearchParams().toString();

  useEffect(() => {
    panelRef.current?.querySelector<HTMLAnchorElement>('a[aria-current="true"]')?.focus();
  }, [panelRef]);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const links = Array.from(panelRef.current?.querySelectorAll('a') ?? []);
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = nextIndex(event.key, current, links.length);
    if (next !== undefined) {
      event.preventDefault();
      links[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'Tab' && (event.shiftKey ? current === 0 : current === links.length - 1)) {
      // Tab leaving the list closes it; the focus goes on to the next control as usual.
      onClose();
    }
  }

  return (
    <ul
      ref={panelRef}
      id={id}
      aria-label={label}
      onKeyDown={onKeyDown}
      className="absolute right-0 z-50 mt-2 w-44 rounded-xl bg-white py-2 shadow-lg ring-1 ring-black/10"
      style={PANEL_STYLE}
    >
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
                onClose();
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

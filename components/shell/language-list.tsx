'use client';

import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { useRouter } from 'next/navigation';
import { LANGUAGES, type Locale } from '@/lib/i18n/languages';
import { getPathname, usePathname } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import { PANEL_STYLE } from './dropdown-menu';
import { Flag } from './language-picker';
import { nextIndex } from './use-popup';

/** Sets next-intl's locale cookie the way its own navigation does, so the middleware agrees with the choice. */
function storeLocale(locale: Locale) {
  const config = typeof routing.localeCookie === 'object' ? routing.localeCookie : {};
  const { name = 'NEXT_LOCALE', maxAge = 31_536_000, sameSite = 'lax' } = config;
  document.cookie = `${name}=${locale}; path=/; max-age=${maxAge}; samesite=${sameSite}`;
}

/**
 * The language picker's open list (components/shell/language-picker.tsx), fetched when it first
 * opens or the browser is idle. It takes focus with the current language active; arrows, Home
 * and End move, Enter or Space choose, Escape closes back to the button.
 *
 * It navigates to the unprefixed English path itself instead of calling next-intl's
 * `router.replace(..., { locale })`: that one always adds a prefix (`/en/...`) when switching,
 * and our middleware's route rules treat `/en/...` as an unknown path.
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
  const router = useRouter();
  const selectedIndex = Math.max(
    0,
    LANGUAGES.findIndex((l) => l.locale === locale),
  );
  const [active, setActive] = useState(selectedIndex);

  useEffect(() => {
    panelRef.current?.focus();
  }, [panelRef]);

  function choose(next: Locale) {
    onClose(true);
    if (next === locale) return;
    storeLocale(next);
    router.replace(`${getPathname({ href: pathname, locale: next })}${window.location.search}`, { scroll: false });
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const next = nextIndex(event.key, active, LANGUAGES.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(LANGUAGES[active]!.locale);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'Tab') {
      onClose();
    }
  }

  return (
    <ul
      ref={panelRef}
      id={id}
      role="listbox"
      tabIndex={-1}
      aria-label={label}
      aria-activedescendant={`${id}-${LANGUAGES[active]?.key}`}
      onKeyDown={onKeyDown}
      className="absolute right-0 z-50 mt-2 w-44 rounded-xl bg-white py-2 shadow-lg ring-1 ring-black/10"
      style={PANEL_STYLE}
    >
      {LANGUAGES.map((language, index) => (
        <li
          key={language.key}
          id={`${id}-${language.key}`}
          role="option"
          aria-selected={language.locale === locale}
          lang={language.locale}
          onClick={() => choose(language.locale)}
          onPointerMove={() => setActive(index)}
          className={`flex cursor-pointer items-center gap-3 px-4 py-2.5 text-sm text-slate-800 ${
            index === active ? 'bg-brand-50' : ''
          } ${language.locale === locale ? 'font-semibold' : ''}`}
        >
          <Flag src={language.flag} />
          {language.label}
        </li>
      ))}
    </ul>
  );
}

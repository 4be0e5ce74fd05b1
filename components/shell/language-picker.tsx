'use client';

import { useEffect, useState, type KeyboardEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { LANGUAGES, type Locale } from '@/lib/i18n/languages';
import { getPathname, usePathname } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import { ChevronDownIcon } from '@/components/ui/icons';
import { PANEL_STYLE } from './dropdown-menu';
import { nextIndex, usePopup } from './use-popup';

/** Sets next-intl's locale cookie the way its own navigation does, so the middleware agrees with the choice. */
function storeLocale(locale: Locale) {
  const config = typeof routing.localeCookie === 'object' ? routing.localeCookie : {};
  const { name = 'NEXT_LOCALE', maxAge = 31_536_000, sameSite = 'lax' } = config;
  document.cookie = `${name}=${locale}; path=/; max-age=${maxAge}; samesite=${sameSite}`;
}

function Flag({ src }: { src: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- a 1 kB SVG; nothing for next/image to optimise
  return <img src={src} alt="" width={24} height={16} className="h-4 w-6 shrink-0 rounded-sm ring-1 ring-black/10" />;
}

/**
 * Switches the page in place between English (no prefix) and Spanish (/es), keeping path and
 * query (SPEC.md section 2; the choice lives in the NEXT_LOCALE cookie, never localStorage).
 * A select-only listbox popup (WAI-ARIA): the list takes focus with the current language
 * active; arrows, Home and End move, Enter or Space choose, Escape closes back to the button.
 *
 * It navigates to the unprefixed English path itself instead of calling next-intl's
 * `router.replace(..., { locale })`: that one always adds a prefix (`/en/...`) when switching,
 * and our middleware's route rules treat `/en/...` as an unknown path.
 */
export function LanguagePicker() {
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  const router = useRouter();
  const t = useTranslations('shell');
  const { open, setOpen, close, buttonRef, panelRef, buttonId, panelId } = usePopup<
    HTMLButtonElement,
    HTMLUListElement
  >();
  const selectedIndex = Math.max(
    0,
    LANGUAGES.findIndex((l) => l.locale === locale),
  );
  const current = LANGUAGES[selectedIndex] ?? LANGUAGES[0];
  const [active, setActive] = useState(selectedIndex);

  useEffect(() => {
    if (!open) return;
    setActive(selectedIndex);
    panelRef.current?.focus();
  }, [open, selectedIndex, panelRef]);

  function choose(next: Locale) {
    close(true);
    if (next === locale) return;
    storeLocale(next);
    router.replace(`${getPathname({ href: pathname, locale: next })}${window.location.search}`, { scroll: false });
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const next = nextIndex(event.key, active, LANGUAGES.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(LANGUAGES[active]!.locale);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close();
    }
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={t('language', { language: current.label })}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKeyDown}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <Flag src={current.flag} />
        {/* The name shows where the header has room; the button's accessible name always carries it. */}
        <span className="hidden whitespace-nowrap sm:inline nav:hidden lg:inline">{current.label}</span>
        <ChevronDownIcon className="size-4 text-slate-600" />
      </button>
      {open ? (
        <ul
          ref={panelRef}
          id={panelId}
          role="listbox"
          tabIndex={-1}
          aria-label={t('chooseLanguage')}
          aria-activedescendant={`${panelId}-${LANGUAGES[active]?.key}`}
          onKeyDown={onListKeyDown}
          className="absolute right-0 z-50 mt-2 w-44 rounded-xl bg-white py-2 shadow-lg ring-1 ring-black/10"
          style={PANEL_STYLE}
        >
          {LANGUAGES.map((language, index) => (
            <li
              key={language.key}
              id={`${panelId}-${language.key}`}
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
      ) : null}
    </div>
  );
}

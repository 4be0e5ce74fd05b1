'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { LANGUAGES, type Locale } from '@/lib/i18n/languages';
import { ChevronDownIcon } from '@/components/ui/shell-icons';
import { usePopup } from './use-popup';
import type { KeyboardEvent } from 'react';

export function Flag({ src }: { src: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- a 1 kB SVG; nothing for next/image to optimise
  return <img src={src} alt="" width={24} height={16} className="h-4 w-6 shrink-0 rounded-sm ring-1 ring-black/10" />;
}

/** The open list of language links: fetched on first opening, or earlier when the browser is idle (header.tsx). */
export const loadLanguageList = () => import('./language-list');
const LanguageList = dynamic(() => loadLanguageList().then((m) => m.LanguageList), { ssr: false });
const preloadList = () => void loadLanguageList().catch(() => {});

/**
 * Switches the page between English (no prefix) and Spanish (/es), keeping path and query
 * (SPEC.md section 2; the last choice lives in the NEXT_LOCALE cookie, never localStorage).
 * A disclosure (WAI-ARIA): the button shows a list of links to this page in each language
 * (./language-list.tsx), which takes focus on the current language.
 */
export function LanguagePicker() {
  const locale = useLocale() as Locale;
  const t = useTranslations('shell');
  const { open, setOpen, close, buttonRef, panelRef, buttonId, panelId } = usePopup<
    HTMLButtonElement,
    HTMLUListElement
  >();
  const current = LANGUAGES.find((l) => l.locale === locale) ?? LANGUAGES[0];

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={t('language', { language: current.label })}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={preloadList}
        onFocus={preloadList}
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
        <LanguageList id={panelId} label={t('chooseLanguage')} locale={locale} panelRef={panelRef} onClose={close} />
      ) : null}
    </div>
  );
}

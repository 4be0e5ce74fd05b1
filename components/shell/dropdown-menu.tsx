'use client';

import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import type { MenuAction, MenuEntry } from './menu-items';
import { nextIndex, usePopup } from './use-popup';

export const MENU_PANEL_CLASS =
  'absolute right-0 z-50 mt-2 origin-top-right rounded-xl bg-white py-2 shadow-lg ring-1 ring-black/10';

/**
 * The open panel holds focus while the focused item shows where the keyboard is, so the
 * panel's own outline is noise. Inline because the global :focus-visible rule is unlayered and
 * outranks any Tailwind utility.
 */
export const PANEL_STYLE = { outline: 'none' } as const;

const ITEM_CLASS =
  'flex w-full min-h-11 items-center gap-3 px-4 py-2 text-left text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50 focus:text-brand-900';

/**
 * A menu button after the WAI-ARIA menu button pattern: Enter, Space or ArrowDown open it on the
 * first item, ArrowUp on the last; arrows, Home and End move, a letter jumps to the next item
 * starting with it, Escape closes back to the button, Tab closes and moves on. Items are links
 * (client navigation) or buttons that open one of the header's dialogs. `heading` (the user
 * card) labels the group of items, so a screen reader hears whose account they belong to.
 */
export function DropdownMenu({
  label,
  buttonClassName,
  buttonContent,
  panelClassName,
  heading,
  items,
  onAction,
  className,
}: {
  /** The button's accessible name. */
  label: string;
  buttonClassName: string;
  buttonContent: ReactNode;
  panelClassName: string;
  heading?: ReactNode;
  items: readonly MenuEntry[];
  onAction: (action: MenuAction) => void;
  className?: string;
}) {
  const t = useTranslations('menu');
  const { open, setOpen, close, buttonRef, panelRef, buttonId, panelId } = usePopup<
    HTMLButtonElement,
    HTMLDivElement
  >();
  /** Which item gets focus when the panel opens: first, last, or none (opened with the mouse). */
  const initialFocus = useRef<'first' | 'last'>('first');

  const itemElements = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = itemElements();
    (initialFocus.current === 'last' ? list.at(-1) : list[0])?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      initialFocus.current = event.key === 'ArrowUp' ? 'last' : 'first';
      setOpen(true);
    }
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = itemElements();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const next = nextIndex(event.key, current, list.length);
    if (next !== undefined) {
      event.preventDefault();
      list[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close();
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLocaleLowerCase();
      const order = [...list.slice(current + 1), ...list.slice(0, current + 1)];
      order.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(letter))?.focus();
    }
  }

  const entries = items.map((item) => {
    const Icon = item.icon;
    const content = (
      <>
        <Icon className="size-5 shrink-0 text-brand-700" />
        {t(item.labelKey)}
      </>
    );
    return (
      <div key={item.id} role="none">
        {item.redirectPath ? (
          <Link
            href={item.redirectPath}
            role="menuitem"
            tabIndex={-1}
            className={ITEM_CLASS}
            style={PANEL_STYLE}
            onClick={() => close()}
          >
            {content}
          </Link>
        ) : (
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={ITEM_CLASS}
            style={PANEL_STYLE}
            onClick={() => {
              close();
              if (item.action) onAction(item.action);
            }}
          >
            {content}
          </button>
        )}
      </div>
    );
  });

  return (
    <div className={`relative ${className ?? ''}`}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className={buttonClassName}
        onClick={() => {
          initialFocus.current = 'first';
          setOpen(!open);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {buttonContent}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="menu"
          aria-labelledby={buttonId}
          className={`${MENU_PANEL_CLASS} ${panelClassName}`}
          style={PANEL_STYLE}
          onKeyDown={onPanelKeyDown}
        >
          {heading ? (
            <div role="group" aria-labelledby={`${panelId}-heading`}>
              <div role="presentation" id={`${panelId}-heading`} className="px-4 pb-3 pt-2">
                {heading}
              </div>
              <div role="separator" className="mb-2 h-px bg-slate-200" />
              {entries}
            </div>
          ) : (
            entries
          )}
        </div>
      ) : null}
    </div>
  );
}

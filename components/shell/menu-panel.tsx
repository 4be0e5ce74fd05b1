'use client';

import { useEffect, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { MENU_PANEL_CLASS, PANEL_STYLE } from './dropdown-menu';
import { MENUS, type MenuAction, type MenuId } from './menu-items';
import { useSupportContacts } from './support-contacts';
import { nextIndex } from './use-popup';

const ITEM_CLASS =
  'flex w-full min-h-11 items-center gap-3 px-4 py-2 text-left text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50 focus:text-brand-900 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-700';

/**
 * The open panel of a header menu (components/shell/dropdown-menu.tsx): its items, with their
 * icons, and the keyboard inside it. Fetched when a menu first opens or the browser is idle, so
 * the menus' contents are no part of every page's first load. Focus moves to the
 * first item (or the last, opened with ArrowUp) as soon as it is there.
 */
export function MenuPanel({
  menu,
  id,
  labelledBy,
  className,
  heading,
  initialFocus,
  panelRef,
  onClose,
  onAction,
}: {
  menu: MenuId;
  id: string;
  labelledBy: string;
  className: string;
  heading?: ReactNode;
  initialFocus: 'first' | 'last';
  panelRef: RefObject<HTMLDivElement | null>;
  /** Closes the menu; `true` puts focus back on its button. */
  onClose: (focusButton?: boolean) => void;
  onAction: (action: MenuAction) => void;
}) {
  const t = useTranslations('menu');
  // A configured contact address (CONTACT_URL) replaces the contact dialog (lib/config/shell-links.ts).
  const { contactUrl } = useSupportContacts();
  const itemElements = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    const list = itemElements();
    (initialFocus === 'last' ? list.at(-1) : list[0])?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = itemElements();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const next = nextIndex(event.key, current, list.length);
    if (next !== undefined) {
      event.preventDefault();
      list[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'Tab') {
      onClose();
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLocaleLowerCase();
      const order = [...list.slice(current + 1), ...list.slice(0, current + 1)];
      order.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(letter))?.focus();
    }
  }

  const entries = MENUS[menu].map((item) => {
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
            onClick={() => onClose()}
          >
            {content}
          </Link>
        ) : item.action === 'contact' && contactUrl ? (
          <a
            href={contactUrl}
            // A web page opens in a new tab, so the visitor keeps their place; mailto: opens the mail app.
            {...(contactUrl.startsWith('https:') ? { target: '_blank', rel: 'noopener' } : {})}
            role="menuitem"
            tabIndex={-1}
            className={ITEM_CLASS}
            style={PANEL_STYLE}
            onClick={() => onClose()}
          >
            {content}
          </a>
        ) : (
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={ITEM_CLASS}
            style={PANEL_STYLE}
            onClick={() => {
              // A dialog (logout, contact) opens over the page and gives focus back to what had it
              // when it opened: the menu's button, since this item goes with the closed menu.
              onClose(Boolean(item.action));
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
    <div
      ref={panelRef}
      id={id}
      role="menu"
      aria-labelledby={labelledBy}
      className={`${MENU_PANEL_CLASS} ${className}`}
      style={PANEL_STYLE}
      onKeyDown={onKeyDown}
    >
      {heading ? (
        <div role="group" aria-labelledby={`${id}-heading`}>
          <div role="presentation" id={`${id}-heading`} className="px-4 pb-3 pt-2">
            {heading}
          </div>
          <div role="separator" className="mb-2 h-px bg-slate-200" />
          {entries}
        </div>
      ) : (
        entries
      )}
    </div>
  );
}

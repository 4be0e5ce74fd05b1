'use client';

import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { usePopup } from './use-popup';
import type { MenuAction, MenuId } from './menu-items';

export const MENU_PANEL_CLASS =
  'absolute right-0 z-50 mt-2 origin-top-right rounded-xl bg-white py-2 shadow-lg ring-1 ring-black/10';

/**
 * The open panel holds focus while the focused item shows where the keyboard is, so the
 * panel's own outline is noise. Inline because the global :focus-visible rule is unlayered and
 * outranks any Tailwind utility.
 */
export const PANEL_STYLE = { outline: 'none' } as const;

/** The panel with the items (and their icons): fetched on first opening, or earlier when the browser is idle (header.tsx). */
export const loadMenuPanel = () => import('./menu-panel');
const MenuPanel = dynamic(() => loadMenuPanel().then((m) => m.MenuPanel), { ssr: false });
const preloadPanel = () => void loadMenuPanel().catch(() => {});

/**
 * A menu button after the WAI-ARIA menu button pattern: Enter, Space or ArrowDown open it on the
 * first item, ArrowUp on the last; arrows, Home and End move, a letter jumps to the next item
 * starting with it, Escape closes back to the button, Tab closes and moves on
 * (components/shell/menu-panel.tsx). Items are links (client navigation) or buttons that open
 * one of the header's dialogs. `heading` (the user card) labels the group of items, so a screen
 * reader hears whose account they belong to.
 */
export function DropdownMenu({
  label,
  buttonClassName,
  buttonContent,
  panelClassName,
  heading,
  menu,
  onAction,
  onIntent,
  className,
}: {
  /** The button's accessible name. */
  label: string;
  buttonClassName: string;
  buttonContent: ReactNode;
  panelClassName: string;
  heading?: ReactNode;
  menu: MenuId;
  onAction: (action: MenuAction) => void;
  /** The visitor points at, focuses or opens the button: fetch what its items will need. */
  onIntent?: () => void;
  className?: string;
}) {
  const { open, setOpen, close, buttonRef, panelRef, buttonId, panelId } = usePopup<
    HTMLButtonElement,
    HTMLDivElement
  >();
  /** Which item gets focus when the panel opens. */
  const initialFocus = useRef<'first' | 'last'>('first');

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      initialFocus.current = event.key === 'ArrowUp' ? 'last' : 'first';
      setOpen(true);
    }
  }

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
        onPointerEnter={() => {
          preloadPanel();
          onIntent?.();
        }}
        onFocus={() => {
          preloadPanel();
          onIntent?.();
        }}
        onClick={() => {
          onIntent?.();
          initialFocus.current = 'first';
          setOpen(!open);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {buttonContent}
      </button>
      {open ? (
        <MenuPanel
          menu={menu}
          id={panelId}
          labelledBy={buttonId}
          className={panelClassName}
          heading={heading}

          initialFocus={initialFocus.current}
          panelRef={panelRef}
          onClose={close}
          onAction={onAction}
        />
      ) : null}
    </div>
  );
}

'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * Open state of a button's popup (the header's menus and language list): closes on a press
 * outside both, and when the page changes. The keyboard belongs to each popup.
 *
 * The header's popups are written by hand rather than with Headless UI: the header is in every
 * page's first load, and Headless UI (with the floating-ui it brings) would take a quarter of
 * the public pages' JavaScript budget (README "Decisions"). The dialogs, loaded only
 * when opened, still use it.
 */
export function usePopup<B extends HTMLElement = HTMLButtonElement, P extends HTMLElement = HTMLElement>() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<B>(null);
  const panelRef = useRef<P>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  /** Closes, and with `focusButton` puts focus back on the button (Escape, or a choice made). */
  const close = useCallback((focusButton = false) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);

  return { open, setOpen, close, buttonRef, panelRef, buttonId: `${id}-button`, panelId: `${id}-panel` };
}

/** Index of the next item for a navigation key, wrapping around; undefined for other keys. */
export function nextIndex(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return count - 1;
    default:
      return undefined;
  }
}

'use client';

import { useEffect } from 'react';

/** Events that show a person reaching for the page: a pointer over something they can use, a
 * press, a key, focus moving in, a touch. Scrolling and reading are not among them. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
const INTERACTIVE = 'a, button, input, select, textarea, summary, [role="button"], [tabindex]';

/**
 * Fetches (and so evaluates) code the page may need later: the header's dialogs and menus, the
 * toast card. Not on load and not once the page is idle (the public-page budget counts what the
 * browser has fetched by then, and a visitor who only reads never needs them) but
 * on the first sign that the visitor is about to use the page: a pointer over a control, a press,
 * a key, focus, a touch. That still comes before the click that opens a menu, so the part is
 * there when it is asked for; a part asked for sooner is simply loaded then.
 */
export function usePreloadOnIntent(loaders: readonly (() => Promise<unknown>)[]) {
  useEffect(() => {
    const options = { capture: true, passive: true } as const;
    const stop = () => INTENT_EVENTS.forEach((type) => window.removeEventListener(type, onIntent, options));
    function onIntent(event: Event) {
      if (event.type === 'pointerover' && !(event.target instanceof Element && event.target.closest(INTERACTIVE)))
        return;
      stop();
      loaders.forEach((load) => void load().catch(() => {}));
    }
    INTENT_EVENTS.forEach((type) => window.addEventListener(type, onIntent, options));
    return stop;
  }, [loaders]);
}

'use client';

import { useEffect } from 'react';

/** How long after the load event the page is left alone before optional code is fetched. */
const SETTLE_MS = 3000;

/**
 * Fetches (and so evaluates) code the page may need later: the header's dialogs and menus, the
 * toast card. Not at first idle but a few seconds after the load event and then when the browser
 * is idle, so evaluating it never competes with hydration and the page's own requests on a slow
 * phone (issue 3: Lighthouse's Total Blocking Time). Loaded once, they still work when the
 * connection drops later. A part the visitor asks for sooner is simply loaded then.
 */
export function usePreloadWhenSettled(loaders: readonly (() => Promise<unknown>)[]) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const run = () => loaders.forEach((load) => void load().catch(() => {}));
    const schedule = () => {
      timer = setTimeout(() => {
        if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: 5000 });
        else run();
      }, SETTLE_MS);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      if (timer !== undefined) clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [loaders]);
}

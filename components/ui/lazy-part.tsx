'use client';

import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';

const noSubscription = () => () => {};

/** False on the server and while the page hydrates, true from then on. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A component whose code is fetched when it first renders: React's own `lazy` and `Suspense`,
 * which is what `next/dynamic` wraps. Ours because next/dynamic's wrapper (its loadable, chunk
 * preloading and client-only bailout) is about 2 kB of every page's first load, and issue 10 holds
 * every public page to 130 kB (lib/docs/decisions/public-page-javascript.md).
 *
 * `ssr: false` renders `loading` (or nothing) on the server and while the page hydrates, as
 * next/dynamic's option does, for parts that need the browser. Without it the part is rendered on
 * the server too, and the browser fetches its code to hydrate it, showing the server's HTML
 * meanwhile. A part that fails to load throws to the nearest error boundary, as next/dynamic's does.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { ssr?: boolean; loading?: ComponentType } = {},
): ComponentType<P> {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  const Loading = options.loading;
  const clientOnly = options.ssr === false;
  function LazyPart(props: P) {
    const hydrated = useHydrated();
    const fallback = Loading ? <Loading /> : null;
    if (clientOnly && !hydrated) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  }
  return LazyPart;
}

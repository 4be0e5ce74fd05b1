'use client';

import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { prefixPath, unprefixPath } from './locale-path';

/** The current path without its locale prefix (next-intl's `usePathname`). */
export function usePathname(): string {
  const pathname = useNextPathname();
  const locale = useLocale();
  return useMemo(() => unprefixPath(pathname, locale), [pathname, locale]);
}

/** Next's router whose `push`, `replace` and `prefetch` add the current locale's prefix (next-intl's `useRouter`). */
export function useRouter(): ReturnType<typeof useNextRouter> {
  const router = useNextRouter();
  const locale = useLocale();
  return useMemo(
    () => ({
      ...router,
      push: (href, options) => router.push(prefixPath(href, locale), options),
      replace: (href, options) => router.replace(prefixPath(href, locale), options),
      prefetch: (href, options) => router.prefetch(prefixPath(href, locale), options),
    }),
    [router, locale],
  );
}

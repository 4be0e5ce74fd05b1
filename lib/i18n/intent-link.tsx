'use client';

import NextLink from 'next/link';
import { useLocale } from 'next-intl';
import { useState, type ComponentProps } from 'react';
import type { Locale } from './languages';
import { prefixPath, type Href } from './locale-path';

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & {
  /** A path of the site without its locale (or an outside URL). */
  href: Href;
  /** The locale of the page linked to; the current one when left out. */
  locale?: Locale;
};

/**
 * Next's Link with the locale's prefix added to its path (what next-intl's Link does, without its
 * client navigation), which prefetches its page when a person shows they may follow it (pointer
 * over it, focus, touch), not when it scrolls into view (issue 10: a page is held to 130 kB of
 * JavaScript counted once it is idle, prefetches included; the header alone links to the login
 * and sign-up forms). This is the "hover-triggered prefetch" of Next's prefetching guide: the
 * link starts with prefetch off and switches to the default once wanted, so Next's own
 * scheduler does the fetch. A link given `prefetch={false}` never prefetches.
 */
export function Link({ href, locale, prefetch, onPointerEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const current = useLocale();
  const [wanted, setWanted] = useState(false);
  const want = () => {
    if (!wanted) setWanted(true);
  };
  const target = locale ?? current;
  return (
    <NextLink
      {...props}
      href={typeof href === 'string' ? prefixPath(href, target) : { ...href, pathname: prefixPath(href.pathname, target) }}
      hrefLang={locale && locale !== current ? locale : props.hrefLang}
      prefetch={prefetch === false || !wanted ? false : (prefetch ?? null)}
      onPointerEnter={(event) => {
        want();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        want();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        want();
        onTouchStart?.(event);
      }}
    />
  );
}

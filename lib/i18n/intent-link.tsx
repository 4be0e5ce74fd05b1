'use client';

import { useState, type ComponentProps } from 'react';
import { LocaleLink } from './base-navigation';

type LinkProps = ComponentProps<typeof LocaleLink>;

/**
 * next-intl's Link that prefetches its page when a person shows they may follow it (pointer
 * over it, focus, touch), not when it scrolls into view (issue 10: a page is held to 130 kB of
 * JavaScript counted once it is idle, prefetches included; the header alone links to the login
 * and sign-up forms). This is the "hover-triggered prefetch" of Next's prefetching guide: the
 * link starts with prefetch off and switches to the default once wanted, so Next's own
 * scheduler does the fetch. A link given `prefetch={false}` never prefetches.
 */
export function Link({ prefetch, onPointerEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const [wanted, setWanted] = useState(false);
  const want = () => {
    if (!wanted) setWanted(true);
  };
  return (
    <LocaleLink
      {...props}
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

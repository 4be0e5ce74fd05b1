'use client';

import { useState, type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent } from 'react';
import { localeNavigation } from './locale-navigation';

type LinkProps = ComponentProps<typeof localeNavigation.Link>;

/**
 * next-intl's Link (next/link with the locale's prefix), prefetching its page once the visitor
 * shows intent (a pointer over it, focus, a touch) rather than as soon as it scrolls into view:
 * the pattern of Next's prefetching guide, `prefetch={active ? null : false}`. A page's header,
 * footer and results hold dozens of links, and prefetching each route's code on sight doubled
 * what every public page had fetched by idle. The route is still fetched before the click lands
 * (a hover or a touch comes first), so a followed link opens as fast. A link given
 * `prefetch={false}` never prefetches.
 */
export function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const [intent, setIntent] = useState(false);
  return (
    <localeNavigation.Link
      {...props}
      prefetch={prefetch === false || !intent ? false : (prefetch ?? null)}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}

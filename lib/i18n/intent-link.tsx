'use client';

import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import type { Locale } from './languages';
import { getPathname, type Href } from './locale-path';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of the site without its locale, `{ pathname, query }`, or an outside URL. */
  href: Href;
  /** The locale of the page linked to; the current one when left out. */
  locale?: Locale;
  /** `false`: never fetch the page ahead. Otherwise it is fetched once a person reaches for the link. */
  prefetch?: boolean | null;
  ref?: Ref<HTMLAnchorElement>;
};

/** What decides whether a click on a link is the browser's to handle. */
export interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** The link's `target` attribute. */
  target: string | null;
  download: boolean;
}

/** A click the browser should handle itself: a new tab or window, a download, another frame. */
export function leftToBrowser(click: LinkClick): boolean {
  return (
    click.defaultPrevented ||
    click.button !== 0 ||
    click.metaKey ||
    click.ctrlKey ||
    click.shiftKey ||
    click.altKey ||
    (click.target !== null && click.target !== '' && click.target !== '_self') ||
    click.download
  );
}

function clickOf(event: MouseEvent<HTMLAnchorElement>): LinkClick {
  return {
    defaultPrevented: event.defaultPrevented,
    button: event.button,
    metaKey: event.metaKey,
    ctrlKey: event.ctrlKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    target: event.currentTarget.getAttribute('target'),
    download: event.currentTarget.hasAttribute('download'),
  };
}

/**
 * The app's link: the locale's prefix added to its path (next-intl's Link), client navigation
 * through Next's router on a plain click, and the page fetched ahead only when a person shows
 * they may follow it (pointer over it, focus, touch), not when it scrolls into view: the
 * "hover-triggered prefetch" of Next's prefetching guide. Issue 10 holds each public page to
 * 130 kB of JavaScript counted once it is idle, prefetches included.
 *
 * An `<a>` with Next's router rather than `next/link`, whose own code (its viewport observer,
 * URL formatting and link status) is about 2 kB of every page's first load: this is all the app
 * uses of it. Outside URLs, new-tab clicks and downloads are left to the browser.
 */
export function Link({ href, locale, prefetch, onClick, onPointerEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const router = useRouter();
  const current = useLocale();
  const url = getPathname({ href, locale: locale ?? (current as Locale) });
  const internal = url.startsWith('/') && !url.startsWith('//');
  const want = () => {
    if (internal && prefetch !== false) router.prefetch(url);
  };
  return (
    <a
      {...props}
      href={url}
      hrefLang={locale && locale !== current ? locale : props.hrefLang}
      onClick={(event) => {
        onClick?.(event);
        if (!internal || leftToBrowser(clickOf(event))) return;
        event.preventDefault();
        router.push(url);
      }}
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

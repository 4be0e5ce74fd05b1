/**
 * Route rules of SPEC.md section 2 ("Protected routes", "Unknown path when logged out"), as a
 * pure function so a table-driven test can check every rule. Paths here carry no locale prefix.
 */

/** Login required. submit-feedback is answered as one too: the spec sends logged-out visitors of it to login. */
export const PROTECTED_PREFIXES = [
  '/book-new-appointment',
  '/all-appointments',
  '/appointment-details',
  '/favorites',
  '/account-section',
  '/submit-feedback',
] as const;

/** The auth screens: a logged-in visitor is sent to the saved post-login route or home. */
export const AUTH_ONLY_PREFIXES = ['/login', '/signup', '/forgot-password', '/reset'] as const;

/**
 * Pages anyone may open. Search needs no login (SPEC.md section 1: "Browsing and search need no
 * login. Booking requires login and a profile"); saving a favourite or booking from it asks then.
 */
export const PUBLIC_PREFIXES = [
  '/search-listing',
  '/provider-details',
  '/clinic-details',
  '/featured-search',
  '/list-your-practice',
  '/privacy-policy',
  '/terms-and-conditions',
  '/useragreement',
  '/hippa',
  '/dev/mailbox',
  // The chat assistant: public, like search itself.
  '/chat',
] as const;

export const HOME = '/';

/**
 * Public pages kept out of search engines' indexes: a result page differs for every query and
 * place, so an index of them would be endless and stale (the page also says noindex).
 */
export const UNINDEXED_PUBLIC_PREFIXES = ['/search-listing'] as const;

/**
 * What robots.txt asks crawlers to leave alone (app/robots.ts adds the /es copies and the APIs):
 * the pages behind login, the unindexed public ones, password-reset links and the developer mailbox.
 */
export const ROBOTS_DISALLOWED_PREFIXES: readonly string[] = [
  ...PROTECTED_PREFIXES,
  ...UNINDEXED_PUBLIC_PREFIXES,
  '/reset/',
  '/dev/',
];

function matches(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export type RouteDecision =
  | { action: 'next' }
  | {
      action: 'redirect';
      /** Locale-less path, or with `localized` a saved full path that already carries its locale. */
      to: string;
      localized?: boolean;
      saveRedirect?: boolean;
      clearSaved?: boolean;
    };

export interface RouteInput {
  /** Path without locale prefix, e.g. `/all-appointments`. */
  pathname: string;
  loggedIn: boolean;
  /** The saved post-login redirect (already checked to be a same-site path), if any. */
  savedRedirect?: string;
}

export function decideRoute({ pathname, loggedIn, savedRedirect }: RouteInput): RouteDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === HOME) return { action: 'next' };
  if (matches(path, AUTH_ONLY_PREFIXES)) {
    if (!loggedIn) return { action: 'next' };
    return savedRedirect
      ? { action: 'redirect', to: savedRedirect, localized: true, clearSaved: true }
      : { action: 'redirect', to: HOME };
  }
  if (matches(path, PROTECTED_PREFIXES)) {
    return loggedIn ? { action: 'next' } : { action: 'redirect', to: '/login', saveRedirect: true };
  }
  if (matches(path, PUBLIC_PREFIXES)) return { action: 'next' };
  // Unknown path: logged in, the protected area's catch-all sends home; logged out, the path is
  // saved and the visitor goes to login when it names submit-feedback, else to the default route.
  if (loggedIn) return { action: 'redirect', to: HOME };
  return { action: 'redirect', to: path.includes('submit-feedback') ? '/login' : HOME, saveRedirect: true };
}

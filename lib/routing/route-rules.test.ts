import { describe, expect, it } from 'vitest';
import { PROTECTED_PREFIXES, ROBOTS_DISALLOWED_PREFIXES, decideRoute, type RouteDecision } from './route-rules';

/*
 * Every rule of SPEC.md section 2 ("Protected routes", "Unknown path when logged out", and the
 * sending away of logged-in users from the auth screens), one row each.
 */

const NEXT: RouteDecision = { action: 'next' };
const TO_LOGIN_SAVING: RouteDecision = { action: 'redirect', to: '/login', saveRedirect: true };
const TO_HOME: RouteDecision = { action: 'redirect', to: '/' };
const TO_HOME_SAVING: RouteDecision = { action: 'redirect', to: '/', saveRedirect: true };
const toSaved = (to: string): RouteDecision => ({ action: 'redirect', to, localized: true, clearSaved: true });

const PROTECTED = [
  '/book-new-appointment',
  '/all-appointments',
  '/appointment-details/42',
  '/favorites',
  '/account-section',
];
const AUTH_SCREENS = ['/login', '/signup', '/forgot-password', '/reset/AbCdEf123'];
const PUBLIC = [
  '/',
  '/search-listing',
  '/provider-details/7',
  '/clinic-details/9',
  '/featured-search',
  '/list-your-practice',
  '/privacy-policy',
  '/terms-and-conditions',
  '/useragreement',
  '/hippa',
];
const UNKNOWN = ['/nowhere', '/favorites-old', '/loginx', '/deep/unknown/path'];

type Row = [
  description: string,
  pathname: string,
  loggedIn: boolean,
  savedRedirect: string | undefined,
  expected: RouteDecision,
];

const rows: Row[] = [
  // Protected pages: logged out -> /login, saving the page; logged in -> the page.
  ...PROTECTED.flatMap((path): Row[] => [
    ['protected, logged out', path, false, undefined, TO_LOGIN_SAVING],
    ['protected, logged out, with a stale saved route', path, false, '/favorites', TO_LOGIN_SAVING],
    ['protected, logged in', path, true, undefined, NEXT],
    ['protected sub-path, logged out', `${path}/anything`, false, undefined, TO_LOGIN_SAVING],
  ]),
  // Auth screens: logged out -> the screen; logged in -> the saved route (followed once) or home.
  ...AUTH_SCREENS.flatMap((path): Row[] => [
    ['auth screen, logged out', path, false, undefined, NEXT],
    ['auth screen, logged out, with a saved route', path, false, '/favorites', NEXT],
    ['auth screen, logged in, nothing saved', path, true, undefined, TO_HOME],
    [
      'auth screen, logged in, a saved route',
      path,
      true,
      '/all-appointments?tab=past',
      toSaved('/all-appointments?tab=past'),
    ],
    ['auth screen, logged in, a saved Spanish route', path, true, '/es/favorites', toSaved('/es/favorites')],
  ]),
  // Public pages: open either way.
  ...PUBLIC.flatMap((path): Row[] => [
    ['public, logged out', path, false, undefined, NEXT],
    ['public, logged in', path, true, undefined, NEXT],
  ]),
  // Unknown paths: logged in -> home (the protected area's catch-all); logged out -> the default
  // route, saving the path, or /login when the path names submit-feedback.
  ...UNKNOWN.flatMap((path): Row[] => [
    ['unknown, logged in', path, true, undefined, TO_HOME],
    ['unknown, logged out', path, false, undefined, TO_HOME_SAVING],
  ]),
  ['submit-feedback, logged out', '/submit-feedback', false, undefined, TO_LOGIN_SAVING],
  ['submit-feedback, logged in', '/submit-feedback', true, undefined, NEXT],
  ['a path containing submit-feedback, logged out', '/old/submit-feedback-form', false, undefined, TO_LOGIN_SAVING],
  ['a path containing submit-feedback, logged in', '/old/submit-feedback-form', true, undefined, TO_HOME],
  // Trailing slashes change nothing.
  ['trailing slash, protected, logged out', '/favorites/', false, undefined, TO_LOGIN_SAVING],
  ['trailing slashes, protected, logged in', '/account-section//', true, undefined, NEXT],
  ['trailing slash, auth screen, logged in', '/login/', true, undefined, TO_HOME],
  ['trailing slash, auth screen, logged out', '/signup/', false, undefined, NEXT],
  ['trailing slash, public', '/hippa/', false, undefined, NEXT],
  ['trailing slash, unknown, logged out', '/nowhere/', false, undefined, TO_HOME_SAVING],
];

describe('decideRoute (SPEC.md section 2)', () => {
  it.each(rows)('%s: %s (logged in: %s, saved: %s)', (_description, pathname, loggedIn, savedRedirect, expected) => {
    expect(decideRoute({ pathname, loggedIn, savedRedirect })).toEqual(expected);
  });

  it('covers every protected route of the spec', () => {
    // Search is not among them: section 1 ("Browsing and search need no login") wins over the
    // route table of section 2; booking and what is personal stay behind login.
    const spec = ['book-new-appointment', 'all-appointments', 'appointment-details', 'favorites', 'account-section'];
    for (const name of spec) expect(PROTECTED.some((p) => p.startsWith(`/${name}`))).toBe(true);
  });

  it('keeps search results and every page behind login out of robots.txt', () => {
    for (const prefix of PROTECTED_PREFIXES) expect(ROBOTS_DISALLOWED_PREFIXES).toContain(prefix);
    expect(ROBOTS_DISALLOWED_PREFIXES).toContain('/search-listing');
  });
});

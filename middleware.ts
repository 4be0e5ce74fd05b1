import { NextResponse, type NextRequest } from 'next/server';
import createIntlMiddleware from 'next-intl/middleware';
import { unsealData, sealData } from 'iron-session';
import { routing } from './lib/i18n/routing';
import { decideRoute } from './lib/routing/route-rules';
import {
  POST_LOGIN_REDIRECT_COOKIE,
  SESSION_COOKIE,
  isSessionActive,
  safeRedirectPath,
  sessionOptions,
  type SessionData,
} from './lib/bff/session-config';
import { sessionSecret } from './lib/bff/secret';
import { SIGNED_IN_HINT_COOKIE } from './lib/api-client/signed-in-hint';
import { preparePageSecurity } from './lib/http/page-security';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/logging/request-id';

// No `Link` alternates header: next-intl builds it from the request's Host, which any client
// writes; the pages' alternates come from PUBLIC_URL (lib/i18n/page-metadata.ts).
const intl = createIntlMiddleware({ ...routing, alternateLinks: false });

/** Refresh lastSeen at most once a minute, so navigation keeps a session alive without re-sealing on every request. */
const REFRESH_AFTER_MS = 60_000;

/**
 * Locale routing plus the route rules of SPEC.md section 2, decided on the server from the
 * session cookie before any page renders (no flash of the wrong page). This is a convenience:
 * protected pages and BFF handlers check the session themselves (STYLE.md habit 5).
 */
export default async function middleware(request: NextRequest) {
  // Every page's Content-Security-Policy, with a nonce on pages that show personal data.
  const policy = preparePageSecurity(request.headers, request.nextUrl.pathname);
  // The page's request id, passed on to its rendering in the request's headers (as the nonce is)
  // and sent back; the logger itself stays out of the middleware, which only stamps the id.
  const requestId = requestIdOf(request.headers);
  request.headers.set(REQUEST_ID_HEADER, requestId);
  const response = await routeRequest(request);
  response.headers.set('Content-Security-Policy', policy);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

async function routeRequest(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // English lives unprefixed: next-intl redirects /en/... to the bare path before any rule applies.
  if (pathname === '/en' || pathname.startsWith('/en/')) return intl(request);
  const localePrefix = pathname === '/es' || pathname.startsWith('/es/') ? '/es' : '';
  const barePath = localePrefix ? pathname.slice(3) || '/' : pathname;

  const options = sessionOptions(sessionSecret());
  const sealed = request.cookies.get(SESSION_COOKIE)?.value;
  let session: SessionData = {};
  if (sealed) {
    try {
      session = await unsealData<SessionData>(sealed, { password: options.password, ttl: options.ttl });
    } catch {
      session = {};
    }
  }
  const loggedIn = isSessionActive(session);
  const expired = Boolean(sealed && session.token && !loggedIn);
  const savedRedirect = safeRedirectPath(request.cookies.get(POST_LOGIN_REDIRECT_COOKIE)?.value);

  const decision = decideRoute({ pathname: barePath, loggedIn, savedRedirect });

  let response: NextResponse;
  if (decision.action === 'redirect') {
    const target = decision.localized
      ? decision.to
      : `${localePrefix}${decision.to === '/' && localePrefix ? '' : decision.to}`;
    const url = new URL(target || '/', request.url);
    if (expired && decision.to === '/login') url.searchParams.set('expired', '1');
    response = NextResponse.redirect(url, 307);
    // A prefetch is not a visit: Next's router prefetches a link's route without its query, which
    // overwrote the saved /book-new-appointment?provider&office&slot with the bare path, and the
    // patient came back from login without the slot. Next hides its own prefetch header
    // from middleware, so the edge (lib/custom-server/edge.ts) passes it on under another name.
    const prefetch = request.headers.get('x-router-prefetch') === '1';
    if (decision.saveRedirect && !prefetch) {
      response.cookies.set(POST_LOGIN_REDIRECT_COOKIE, `${pathname}${search}`, {
        httpOnly: true,
        sameSite: 'lax',
        secure: process.env.NODE_ENV === 'production',
        path: '/',
        maxAge: 60 * 60,
      });
    }
    if (decision.clearSaved) response.cookies.delete(POST_LOGIN_REDIRECT_COOKIE);
  } else {
    response = intl(request);
  }

  if (expired) {
    response.cookies.delete(SESSION_COOKIE);
  } else if (loggedIn && Date.now() - (session.lastSeen ?? 0) > REFRESH_AFTER_MS) {
    const resealed = await sealData(
      { ...session, lastSeen: Date.now() },
      { password: options.password, ttl: options.ttl },
    );
    response.cookies.set(SESSION_COOKIE, resealed, { ...options.cookieOptions, maxAge: options.ttl! - 60 });
  }
  // The header's hint (lib/api-client/signed-in-hint.ts) follows what the session cookie says.
  const hinted = request.cookies.get(SIGNED_IN_HINT_COOKIE)?.value === '1';
  if (loggedIn && !hinted) {
    response.cookies.set(SIGNED_IN_HINT_COOKIE, '1', {
      httpOnly: false,
      sameSite: 'lax',
      secure: process.env.NODE_ENV === 'production',
      path: '/',
      maxAge: options.ttl! - 60,
    });
  } else if (!loggedIn && request.cookies.has(SIGNED_IN_HINT_COOKIE)) {
    response.cookies.delete(SIGNED_IN_HINT_COOKIE);
  }
  return response;
}

export const config = {
  // Pages only: not the BFF (/api), the /v4 API, Next's assets or files with an extension.
  matcher: ['/((?!api|v4|_next|_vercel|.*\\..*).*)'],
  // Node.js runtime so the generated session secret can be read from DATA_DIR.
  runtime: 'nodejs',
};

import { getSession } from '@/lib/bff/session';
import { isSessionActive, POST_LOGIN_REDIRECT_COOKIE, safeRedirectPath } from '@/lib/bff/session-config';
import { callV4 } from '@/lib/bff/v4-client';
import { withRequestLog } from '@/lib/logging/logger';

// GET /api/session/expired - a page found the /v4 session gone: clear the cookie and go to login.
// Server components cannot change cookies, so they send the browser here. Any site can make a
// browser send this GET, so it changes nothing while the session is still good: it ends only a
// session that /v4 no longer accepts or that has been idle too long, and then revokes its token.
// `next`, the page the patient was on, becomes the post-login route (checked to be this site's
// own path), as the middleware saves it for any protected page.
export const GET = (request: Request): Promise<Response> => withRequestLog(request, () => endSession(request));

async function endSession(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const locale = url.searchParams.get('locale') === 'es' ? '/es' : '';
  const session = await getSession();
  if (session.token) {
    const active = isSessionActive(session);
    const upstream = await callV4('listUsers', { token: session.token, locale: locale ? 'es' : 'en' });
    if (active && upstream.ok) return seeOther(locale || '/');
    // Idle here but still accepted upstream: revoked there too, so the token cannot come back.
    if (upstream.ok) await callV4('logout', { token: session.token, locale: locale ? 'es' : 'en' });
  }
  session.destroy();
  const response = seeOther(`${locale}/login?expired=1`);
  const back = url.searchParams.get('next');
  if (safeRedirectPath(back)) {
    const secure = process.env.NODE_ENV === 'production' ? '; Secure' : '';
    response.headers.append(
      'set-cookie',
      `${POST_LOGIN_REDIRECT_COOKIE}=${encodeURIComponent(back!)}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return response;
}

/** A redirect within this site: a relative Location, so no request header is echoed into it. */
function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { location: path, 'cache-control': 'no-store' } });
}

import { NextResponse } from 'next/server';
import { getSession } from '@/lib/bff/session';
import { POST_LOGIN_REDIRECT_COOKIE, safeRedirectPath } from '@/lib/bff/session-config';

// GET /api/session/expired - a page found the /v4 session gone: clear the cookie and go to login.
// Server components cannot change cookies, so they send the browser here. `next`, the page the
// patient was on, becomes the post-login route (checked to be this site's own path), as the
// middleware saves it for any protected page.
export async function GET(request: Request) {
  const session = await getSession();
  session.destroy();
  const url = new URL(request.url);
  const locale = url.searchParams.get('locale') === 'es' ? '/es' : '';
  const response = NextResponse.redirect(new URL(`${locale}/login?expired=1`, url.origin), 303);
  const back = url.searchParams.get('next');
  if (safeRedirectPath(back)) {
    response.cookies.set(POST_LOGIN_REDIRECT_COOKIE, back!, {
      httpOnly: true,
      sameSite: 'lax',
      secure: process.env.NODE_ENV === 'production',
      path: '/',
      maxAge: 60 * 60,
    });
  }
  return response;
}

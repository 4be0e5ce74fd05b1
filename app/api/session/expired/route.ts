import { NextResponse } from 'next/server';
import { getSession } from '@/lib/bff/session';

// GET /api/session/expired - a page found the /v4 session gone: clear the cookie and go to login.
// Server components cannot change cookies, so they send the browser here.
export async function GET(request: Request) {
  const session = await getSession();
  session.destroy();
  const url = new URL(request.url);
  const locale = url.searchParams.get('locale') === 'es' ? '/es' : '';
  return NextResponse.redirect(new URL(`${locale}/login?expired=1`, url.origin), 303);
}

import { cookies } from 'next/headers';
import { deviceTokenSchema, loginRequestSchema, type BrowserLoginResult } from '@/lib/contracts/auth';
import type { LoginResponse } from '@/lib/contracts/session';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';
import {
  DEVICE_COOKIE,
  POST_LOGIN_REDIRECT_COOKIE,
  deviceCookieOptions,
  safeRedirectPath,
} from '@/lib/bff/session-config';

// The browser sends credentials only: its device token travels in the httpOnly cookie.
const browserLoginSchema = loginRequestSchema.omit({ deviceToken: true });

// POST /api/session - log in: the token goes into the sealed cookie, the browser learns where to go next
export const POST = bffRoute({
  body: browserLoginSchema,
  handle: async ({ body, locale, ip, session }) => {
    const jar = await cookies();
    const stored = deviceTokenSchema.safeParse(jar.get(DEVICE_COOKIE)?.value);
    const deviceToken = stored.success && stored.data ? stored.data : undefined;
    const result = await callV4<LoginResponse>('login', { body: { ...body, deviceToken }, locale, clientIp: ip });
    if (!result.ok) return relay(result);
    session.token = result.data.token;
    session.lastSeen = Date.now();
    await session.save();
    jar.set(DEVICE_COOKIE, result.data.deviceToken, deviceCookieOptions());
    // The saved post-login redirect is followed once (SPEC.md section 2).
    const redirectTo = safeRedirectPath(jar.get(POST_LOGIN_REDIRECT_COOKIE)?.value) ?? null;
    jar.delete(POST_LOGIN_REDIRECT_COOKIE);
    const answer: BrowserLoginResult = {
      redirectTo,
      ...(result.data.accountRestored ? { accountRestored: true } : {}),
    };
    return Response.json(answer, { headers: { 'cache-control': 'no-store' } });
  },
});

// DELETE /api/session - log out: revoke the token upstream, then clear the cookie whatever upstream said.
// The device cookie stays: this browser has still logged in to the account before.
export const DELETE = bffRoute({
  handle: async ({ token, locale, session }) => {
    if (token) await callV4('logout', { token, locale });
    session.destroy();
    return new Response(null, { status: 204 });
  },
});

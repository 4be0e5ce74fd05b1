import 'server-only';
import { DEVICE_TOKEN_MAX_AGE_SECONDS, SESSION_IDLE_SECONDS } from '../contracts/auth';
import type { SessionOptions } from 'iron-session';

/**
 * The iron-session cookie (sealed and encrypted; httpOnly so page scripts never see the token).
 * Kept free of `server-only` because middleware.ts imports it too.
 */
export interface SessionData {
  token?: string;
  /** Epoch ms of the last request; the session ends after 30 minutes idle (SPEC.md "Your Session has been expired"). */
  lastSeen?: number;
}

export const SESSION_COOKIE = 'dental_session';
export const POST_LOGIN_REDIRECT_COOKIE = 'post_login_redirect';
export const IDLE_MS = SESSION_IDLE_SECONDS * 1000;

export function sessionOptions(password: string): SessionOptions {
  return {
    password,
    cookieName: SESSION_COOKIE,
    // The seal outlives the idle limit a little; lastSeen decides, and the /v4 session row decides last.
    ttl: 12 * 60 * 60,
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      secure: process.env.NODE_ENV === 'production',
      path: '/',
    },
  };
}

/**
 * The device token of OWASP's device-cookie scheme (lib/docs/decisions/login-throttling.md):
 * httpOnly so page scripts never read it, sent only to the login route, and kept after logout
 * (that is its point: this browser logged in to the account before).
 */
export const DEVICE_COOKIE = 'device_token';
export const deviceCookieOptions = () =>
  ({
    httpOnly: true,
    sameSite: 'lax',
    secure: process.env.NODE_ENV === 'production',
    path: '/api/session',
    maxAge: DEVICE_TOKEN_MAX_AGE_SECONDS,
  }) as const;

export function isSessionActive(data: SessionData, now = Date.now()): boolean {
  return Boolean(data.token && data.lastSeen && now - data.lastSeen < IDLE_MS);
}

/** Only same-site relative paths may be followed after login (no `//evil.example`, no schemes). */
export function safeRedirectPath(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  // Any control character is refused, not only CR/LF: URL parsers drop tabs and newlines, so
  // `/\t/evil.example` (saved from a visit to `/%09/evil.example`) resolved to //evil.example.
  if (
    !decoded.startsWith('/') ||
    decoded.startsWith('//') ||
    decoded.includes('\\') ||
    /[\u0000-\u001f\u007f]/.test(decoded)
  ) {
    return undefined;
  }
  // Belt and braces: whatever the browser makes of it must stay on this origin.
  const base = 'http://same-origin.invalid';
  if (new URL(decoded, base).origin !== base) return undefined;
  return decoded.length <= 2000 ? decoded : undefined;
}

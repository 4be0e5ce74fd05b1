import type { SessionOptions } from 'iron-session';
import { SESSION_IDLE_SECONDS } from '../contracts/auth';

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
  if (!decoded.startsWith('/') || decoded.startsWith('//') || decoded.includes('\\') || /[\r\n]/.test(decoded)) {
    return undefined;
  }
  return decoded.length <= 2000 ? decoded : undefined;
}

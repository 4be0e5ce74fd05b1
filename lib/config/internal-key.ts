import 'server-only';
import crypto from 'node:crypto';

/**
 * The key of server-internal calls (the launcher asking the page server to drop changed pages;
 * the production server granting a request the mailbox page, lib/custom-server/edge.ts),
 * derived from the session secret so that nothing more needs configuring or storing. Visitors
 * never see it; a request without it is refused.
 */
export function internalKey(sessionSecret: string, purpose: 'page-cache' | 'dev-mailbox'): string {
  return crypto.createHmac('sha256', sessionSecret).update(`internal:${purpose}`).digest('hex');
}

/** Constant-time comparison of a presented key with the expected one. */
export function isInternalKey(presented: string | null, expected: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Header carrying the key. */
export const INTERNAL_KEY_HEADER = 'x-internal-key';

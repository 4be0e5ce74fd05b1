import 'server-only';
import { ApiError } from '../errors';
import { countFailures, type ThrottleKind } from '../repositories/throttle-repository';

/**
 * Sliding-window throttles. Failures expire with the window, so an attacker can slow a
 * victim's account for at most one window and never lock it permanently.
 */
export const THROTTLE = {
  login: { windowMs: 15 * 60_000, perEmail: 5, perIp: 30 },
  reset: { windowMs: 60 * 60_000, perEmail: 5, perIp: 20 },
} as const;

export async function assertNotThrottled(kind: ThrottleKind, email: string, ip: string, now = new Date()): Promise<void> {
  const rule = THROTTLE[kind];
  const since = new Date(now.getTime() - rule.windowMs);
  const [byEmail, byIp] = await Promise.all([
    countFailures(kind, 'email', email, since),
    countFailures(kind, 'ip', ip, since),
  ]);
  const blocked = [
    byEmail.failures >= rule.perEmail ? byEmail.oldest : null,
    byIp.failures >= rule.perIp ? byIp.oldest : null,
  ].filter((d): d is Date => d !== null);
  if (blocked.length) {
    const freesAt = Math.max(...blocked.map((d) => new Date(d).getTime() + rule.windowMs));
    const retryAfterSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
    throw new ApiError('tooManyAttempts', 'api.tooManyAttempts', { retryAfterSeconds });
  }
}

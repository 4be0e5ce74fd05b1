import 'server-only';
import crypto from 'node:crypto';
import { serverEnv } from '../config/server-env';
import { ensureSessionSecret } from '../config/data-dir';
import { DEVICE_TOKEN_MAX_AGE_SECONDS } from '../contracts/auth';

/**
 * OWASP's device cookie (lib/docs/decisions/login-throttling.md): issued after a successful
 * login, bound to that account's email, `d1.<email>.<issued>.<nonce>.<hmac>`. Login attempts
 * that carry a valid one for the account are counted per device, apart from the account's
 * "untrusted" budget that an attacker can exhaust.
 */

const VERSION = 'd1';

let key: Buffer | undefined;
/**
 * Derived from the session secret (SESSION_SECRET or the one kept in DATA_DIR) with its own
 * label, so a device token's MAC is never valid as anything else.
 */
function macKey(): Buffer {
  if (!key) {
    const env = serverEnv();
    const secret = ensureSessionSecret(env.dataDir, env.SESSION_SECRET);
    key = crypto.createHmac('sha256', secret).update('device-token-v1').digest();
  }
  return key;
}

function mac(payload: string): string {
  return crypto.createHmac('sha256', macKey()).update(payload).digest('base64url');
}

export function issueDeviceToken(email: string, now = Date.now()): string {
  const payload = [
    VERSION,
    Buffer.from(email, 'utf8').toString('base64url'),
    Math.floor(now / 1000).toString(36),
    crypto.randomBytes(16).toString('base64url'),
  ].join('.');
  return `${payload}.${mac(payload)}`;
}

/**
 * The token's nonce when it is genuine, unexpired and issued for `email`; otherwise null, and
 * the attempt is treated as one from an untrusted client (OWASP: never an error of its own).
 */
export function deviceNonceFor(token: string | undefined, email: string, now = Date.now()): string | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [, emailPart, issuedPart, nonce, tag] = parts as [string, string, string, string, string];
  const expected = Buffer.from(mac(parts.slice(0, 4).join('.')));
  const given = Buffer.from(tag);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  if (Buffer.from(emailPart, 'base64url').toString('utf8') !== email) return null;
  const issuedSeconds = Number.parseInt(issuedPart, 36);
  if (!Number.isFinite(issuedSeconds) || now / 1000 - issuedSeconds > DEVICE_TOKEN_MAX_AGE_SECONDS) return null;
  return nonce;
}

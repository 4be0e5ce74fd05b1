import 'server-only';
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// scrypt is memory-hard (N=2^15, r=8 uses 32 MiB per hash), which makes GPU guessing costly,
// and it ships with node:crypto, so no native addon is needed. Parameters are stored with the
// hash so they can be raised later without invalidating old hashes.
// The unit tests (NODE_ENV=test, set only by vitest) sign up and log in thousands of times: there
// N is 2^10, a thirty-second of the work, as test settings of web frameworks swap in a fast
// hasher. A hash records its N, so verification never depends on which N made it.
const PARAMS = {
  N: process.env.NODE_ENV === 'test' ? 2 ** 10 : 2 ** 15,
  r: 8,
  p: 1,
  maxmem: 64 * 1024 * 1024,
} as const;
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(password.normalize('NFC'), Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** A hash of a random password, so an unknown email costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummyHash;
}

export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url'); // 256 bits
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}

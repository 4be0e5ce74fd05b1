import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, randomToken, sha256, timingDummyHash, verifyPassword } from './password';

describe('hashPassword / verifyPassword (scrypt)', () => {
  it('stores the scheme and parameters with a salt and key, never the password', async () => {
    const hash = await hashPassword('Secret123');
    // N is 2^10 under vitest (NODE_ENV=test), for speed; see the next test for the real one.
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain('Secret123');
  });

  it('hashes with N = 2^15 (32 MiB per hash) wherever NODE_ENV is not test', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.resetModules();
    try {
      const production = await import('./password');
      const hash = await production.hashPassword('Secret123');
      expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(await verifyPassword('Secret123', hash)).toBe(true);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('Secret123');
    expect(await verifyPassword('Secret123', hash)).toBe(true);
    expect(await verifyPassword('secret123', hash)).toBe(false);
    expect(await verifyPassword('Secret123 ', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('Secret123'), hashPassword('Secret123')]);
    expect(a).not.toBe(b);
  });

  it('treats composed and decomposed accents as the same password (NFC)', async () => {
    const composed = 'Contrase\u00f1a1';
    const decomposed = 'Contrasen\u0303a1';
    expect(composed).not.toBe(decomposed);
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('still verifies hashes made with other (older) parameters', async () => {
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync('Secret123', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const stored = `scrypt$${2 ** 14}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('Secret123', stored)).toBe(true);
    expect(await verifyPassword('Secret124', stored)).toBe(false);
  });

  it.each([
    ['an empty string', ''],
    ['another scheme', '$2b$10$abcdefghijklmnopqrstuu'],
    ['a plain password', 'Secret123'],
    ['a hash without its key', 'scrypt$32768$8$1$c2FsdA$'],
  ])('refuses, without throwing, a stored value that is %s', async (_label, stored) => {
    expect(await verifyPassword('Secret123', stored)).toBe(false);
  });
});

describe('timingDummyHash', () => {
  it('is one hash, made once, that no ordinary password matches', async () => {
    const first = await timingDummyHash();
    expect(await timingDummyHash()).toBe(first);
    expect(first).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Secret123', first)).toBe(false);
  });
});

describe('randomToken', () => {
  it('is 256 random bits in base64url (43 characters), unique', () => {
    const tokens = new Set(Array.from({ length: 1000 }, randomToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('sha256', () => {
  it('is a stable base64url digest', () => {
    expect(sha256('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(sha256('abc')).toBe(sha256('abc'));
    expect(sha256('abd')).not.toBe(sha256('abc'));
  });
});

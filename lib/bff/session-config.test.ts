import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_MS, isSessionActive, safeRedirectPath, sessionOptions } from './session-config';

describe('safeRedirectPath: only same-site paths are followed after login', () => {
  it.each([
    ['/favorites', '/favorites'],
    ['/all-appointments?tab=past', '/all-appointments?tab=past'],
    ['/es/account-section?tab=my-profile', '/es/account-section?tab=my-profile'],
    ['/', '/'],
    ['%2Ffavorites', '/favorites'],
  ])('keeps %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    ['a protocol-relative URL', '//evil.com'],
    ['a protocol-relative URL, encoded', '%2F%2Fevil.com'],
    ['three slashes', '///evil.com'],
    ['an absolute URL', 'https://evil.com'],
    ['an absolute URL, encoded', 'https%3A%2F%2Fevil.com'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a backslash', '/\\evil.com'],
    ['two backslashes', '\\\\evil.com'],
    ['an encoded backslash', '/%5Cevil.com'],
    ['CRLF (header injection)', '/favorites\r\nSet-Cookie: a=b'],
    ['encoded CRLF', '/favorites%0D%0ASet-Cookie:%20a=b'],
    ['a tab that URL parsers drop', '/\t/evil.com'],
    ['an encoded tab', '/%09/evil.com'],
    ['an encoded newline between the slashes', '/%0A/evil.com'],
    ['a NUL', '/favorites%00'],
    ['a relative path', 'favorites'],
    ['a malformed escape', '/%E0%A4%A'],
    ['a very long path', `/${'a'.repeat(2001)}`],
    ['an empty value', ''],
  ])('refuses %s', (_label, value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
  });

  it('refuses nothing at all', () => {
    expect(safeRedirectPath(undefined)).toBeUndefined();
    expect(safeRedirectPath(null)).toBeUndefined();
  });
});

describe('isSessionActive: the 30-minute idle limit', () => {
  const now = Date.UTC(2026, 0, 1, 12);

  it('is 30 minutes', () => {
    expect(IDLE_MS).toBe(30 * 60 * 1000);
  });

  it.each([
    ['just used', { token: 't', lastSeen: now }, true],
    ['used 29 minutes ago', { token: 't', lastSeen: now - 29 * 60_000 }, true],
    ['idle one millisecond short of the limit', { token: 't', lastSeen: now - IDLE_MS + 1 }, true],
    ['idle exactly 30 minutes', { token: 't', lastSeen: now - IDLE_MS }, false],
    ['idle 31 minutes', { token: 't', lastSeen: now - 31 * 60_000 }, false],
    ['without a token', { lastSeen: now }, false],
    ['without a last-seen time', { token: 't' }, false],
    ['empty', {}, false],
  ])('%s -> %s', (_label, data, active) => {
    expect(isSessionActive(data, now)).toBe(active);
  });
});

describe('sessionOptions: the cookie', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is httpOnly and SameSite=Lax, scoped to the whole site', () => {
    const options = sessionOptions('x'.repeat(32));
    expect(options.cookieOptions).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/' });
  });

  it('is Secure in production only', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(sessionOptions('x'.repeat(32)).cookieOptions?.secure).toBe(true);
    vi.stubEnv('NODE_ENV', 'development');
    expect(sessionOptions('x'.repeat(32)).cookieOptions?.secure).toBe(false);
  });
});

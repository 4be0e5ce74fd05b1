import { describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../testing/test-db';
import { signUp, uniqueEmail } from '../testing/v4';
import { consumeLimit } from '../backend/throttle/rate-limit-repository';
import { LIMITS, signUpRule } from '../backend/throttle/throttle-service';
import { DEVICE_COOKIE } from './session-config';

/*
 * The BFF side of login throttling (lib/docs/decisions/login-throttling.md): the device token
 * lives in an httpOnly cookie the browser's scripts never see, it outlives logout, and every
 * 429 of /api carries Retry-After as /v4's does.
 */

interface StoredCookie {
  value: string;
  options: Record<string, unknown>;
}
// One cookie jar per "browser"; `browser` points at the one the next request comes from.
let browser = new Map<string, StoredCookie>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (browser.has(name) ? { name, value: browser.get(name)!.value } : undefined),
    set: (name: string, value: string, options: Record<string, unknown> = {}) => {
      if (options.maxAge === 0 || value === '') browser.delete(name);
      else browser.set(name, { value, options });
    },
    delete: (name: string) => browser.delete(name),
  }),
}));

useTestDatabase();

const ORIGIN = 'http://app.test';

function request(method: string, path: string, body?: unknown, ip = '10.9.8.1') {
  const headers = new Headers({ host: 'app.test', 'x-forwarded-host': 'app.test', 'x-forwarded-for': ip });
  if (method !== 'GET') headers.set('origin', ORIGIN);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function expectTooMany(response: Response) {
  expect(response.status).toBe(429);
  const body = await response.json();
  expect(body.errorCode).toBe('tooManyAttempts');
  expect(body.retryAfterSeconds).toBeGreaterThan(0);
  expect(response.headers.get('retry-after')).toBe(String(body.retryAfterSeconds));
}

describe('POST /api/session and the device cookie', () => {
  it('keeps the device token in an httpOnly, SameSite=Lax cookie for the login route only, never in the body', async () => {
    const session = await import('../../app/api/session/route');
    const { email, password } = await signUp();
    browser = new Map();
    const reply = await session.POST(request('POST', '/api/session', { email, password }));
    expect(reply.status).toBe(200);
    const text = await reply.text();
    const cookie = browser.get(DEVICE_COOKIE);
    expect(cookie?.value).toMatch(/^d1\./);
    expect(text).not.toContain(cookie!.value);
    expect(text).not.toContain('deviceToken');
    expect(cookie!.options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/api/session' });
    expect(cookie!.options.maxAge).toBeGreaterThan(30 * 24 * 3600);
    // Secure in production only (a plain-http localhost would drop it otherwise).
    expect(cookie!.options.secure).toBe(process.env.NODE_ENV === 'production');

    // Scripts cannot hand the BFF a device token of their choosing: the body takes credentials only.
    const smuggled = await session.POST(
      request('POST', '/api/session', { email, password, deviceToken: cookie!.value }),
    );
    expect(smuggled.status).toBe(400);

    // Logging out ends the session, not the device's standing.
    expect((await session.DELETE(request('DELETE', '/api/session'))).status).toBe(204);
    expect(browser.get(DEVICE_COOKIE)?.value).toBe(cookie!.value);
  });

  it("lets the owner's browser in after another browser has burned the untrusted budget, which gets 429 with Retry-After", async () => {
    const session = await import('../../app/api/session/route');
    const { email, password } = await signUp();
    const owner = new Map<string, StoredCookie>();
    browser = owner;
    expect((await session.POST(request('POST', '/api/session', { email, password }))).status).toBe(200);
    expect((await session.DELETE(request('DELETE', '/api/session'))).status).toBe(204);

    browser = new Map(); // the attacker's fresh browser
    for (let i = 0; i < LIMITS.loginUntrustedSlow.points; i++) {
      const reply = await session.POST(
        request('POST', '/api/session', { email, password: `Guess${i}abc1` }, `10.7.0.${i}`),
      );
      expect(reply.status).toBe(401);
    }
    await expectTooMany(await session.POST(request('POST', '/api/session', { email, password }, '10.7.1.1')));

    browser = owner;
    expect((await session.POST(request('POST', '/api/session', { email, password }))).status).toBe(200);
  });
});

describe('Retry-After on every 429 of /api', () => {
  it('POST /api/signup', async () => {
    const ip = '10.9.8.2';
    for (let i = 0; i < signUpRule().points; i++) await consumeLimit(signUpRule(), ip);
    const { POST } = await import('../../app/api/signup/route');
    const { signUpBody } = await import('../testing/v4');
    await expectTooMany(await POST(request('POST', '/api/signup', signUpBody(), ip)));
  });

  it('POST /api/password-reset', async () => {
    const email = uniqueEmail('reset');
    for (let i = 0; i < LIMITS.resetEmail.points; i++) await consumeLimit(LIMITS.resetEmail, email);
    const { POST } = await import('../../app/api/password-reset/route');
    await expectTooMany(await POST(request('POST', '/api/password-reset', { email }, '10.9.8.3')));
  });

  it('PUT /api/password (the client address reaches /v4)', async () => {
    const ip = '10.9.8.4';
    for (let i = 0; i < LIMITS.passwordIp.points; i++) await consumeLimit(LIMITS.passwordIp, ip);
    const session = await import('../../app/api/session/route');
    const { email, password } = await signUp();
    browser = new Map();
    expect((await session.POST(request('POST', '/api/session', { email, password }, ip))).status).toBe(200);
    const { PUT } = await import('../../app/api/password/route');
    await expectTooMany(await PUT(request('PUT', '/api/password', { current: password, new: 'Changed123' }, ip)));
  });
});

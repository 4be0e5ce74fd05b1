import { sealData } from 'iron-session';
import { describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../testing/test-db';
import { signUp, v4 } from '../testing/v4';
import { SESSION_COOKIE, IDLE_MS, sessionOptions } from './session-config';
import { sessionSecret } from './secret';

/*
 * GET /api/session/expired is where a page sends the browser when /v4 refused its session. Any
 * site can make a browser send that GET (a link, an image), so it must not end a good session,
 * and a session it does end is revoked upstream too.
 */

const browser = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (browser.has(name) ? { name, value: browser.get(name)! } : undefined),
    set: (name: string, value: string, options: { maxAge?: number } = {}) => {
      if (options.maxAge === 0 || value === '') browser.delete(name);
      else browser.set(name, value);
    },
    delete: (name: string) => browser.delete(name),
  }),
}));

useTestDatabase();

const ORIGIN = 'http://app.test';

function crossSiteGet(path: string): Request {
  return new Request(`${ORIGIN}${path}`, {
    headers: { host: 'app.test', 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' },
  });
}

async function loggedIn(lastSeen = Date.now()) {
  const { email, password } = await signUp();
  const reply = await v4('PUT', '/v4/session', { body: { email, password } });
  const token = String(reply.body.token);
  const options = sessionOptions(sessionSecret());
  browser.clear();
  browser.set(SESSION_COOKIE, await sealData({ token, lastSeen }, { password: options.password, ttl: options.ttl }));
  return token;
}

describe('GET /api/session/expired', () => {
  it('leaves a good session alone when another site sends the browser there', async () => {
    const { GET } = await import('../../app/api/session/expired/route');
    const token = await loggedIn();
    const sealed = browser.get(SESSION_COOKIE);
    const reply = await GET(crossSiteGet('/api/session/expired?locale=es'));
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe('/es');
    expect(browser.get(SESSION_COOKIE)).toBe(sealed);
    expect((await v4('GET', '/v4/patientAppUser', { token })).status).toBe(200);
  });

  it('clears the cookie of a session /v4 no longer accepts, and names no host in the redirect', async () => {
    const { GET } = await import('../../app/api/session/expired/route');
    const token = await loggedIn();
    await v4('DELETE', '/v4/session', { token });
    const reply = await GET(crossSiteGet('/api/session/expired'));
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe('/login?expired=1');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
  });

  it('ends an idle session by revoking its token upstream as well as clearing the cookie', async () => {
    const { GET } = await import('../../app/api/session/expired/route');
    const token = await loggedIn(Date.now() - IDLE_MS - 1000);
    const reply = await GET(crossSiteGet('/api/session/expired'));
    expect(reply.headers.get('location')).toBe('/login?expired=1');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect((await v4('GET', '/v4/patientAppUser', { token })).status).toBe(401);
  });
});

import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDiscovery } from '../db/seed/discovery';
import { DEMO_PATIENT } from '../db/seed/seed';
import { useTestDatabase } from '../testing/test-db';
import { jar } from '../testing/next-headers-mock';

/*
 * The discovery BFF routes (app/api/...) end to end in-process: cookie session, Origin check,
 * query validation, /v4 call and relay. next/headers' cookie store is replaced by a jar.
 */

vi.mock('next/headers', () => import('../testing/next-headers-mock'));

const database = useTestDatabase();

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 60 });
  });
});

const ORIGIN = 'http://app.test';

function request(method: string, path: string, body?: unknown) {
  const headers = new Headers({ host: 'app.test', 'x-forwarded-for': '10.9.8.7' });
  if (method !== 'GET') headers.set('origin', ORIGIN);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function params(values: Record<string, string>) {
  return { params: Promise.resolve(values) };
}

async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe('discovery BFF routes', () => {
  it('searches with the query string and sends /v4 the spec headers', async () => {
    const { GET } = await import('../../app/api/search/route');
    const reply = await json(await GET(request('GET', '/api/search?searchText=orthodontist&lat=40.75&lng=-73.98')));
    expect(reply.status).toBe(200);
    expect(reply.body.speciality[0]).toMatchObject({ slug: 'orthodontist' });
    const tooLong = await GET(request('GET', `/api/search?searchText=${'x'.repeat(101)}`));
    expect(tooLong.status).toBe(400);
    expect((await GET(request('GET', '/api/search?searchText=ana&favorite=true'))).status).toBe(401);
  });

  it('lists providers and clinics, refusing bad queries before calling /v4', async () => {
    const providers = await import('../../app/api/providers/route');
    const list = await json(
      await providers.GET(request('GET', '/api/providers?lat=40.7549&lng=-73.984&radius=50&pageSize=3')),
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(3);
    expect(list.body.items[0].office.timeZone).toBe('America/New_York');
    expect((await providers.GET(request('GET', '/api/providers?lat=100&lng=0'))).status).toBe(400);
    const clinics = await import('../../app/api/clinics/route');
    expect((await json(await clinics.GET(request('GET', '/api/clinics?lat=40.7549&lng=-73.984')))).status).toBe(200);
  });

  it('relays slots and 404s', async () => {
    const { GET } = await import('../../app/api/providers/[id]/slots/route');
    const ok = await json(await GET(request('GET', '/api/providers/1/slots'), params({ id: '1' })));
    expect(ok.status).toBe(200);
    expect(ok.body.days).toHaveLength(7);
    const missing = await json(await GET(request('GET', '/api/providers/abc/slots'), params({ id: 'abc' })));
    expect(missing).toEqual({
      status: 404,
      body: {
        message: "Either this office doesn't exists or it is not available in your region.",
        errorCode: 'notFound',
      },
    });
  });

  it('serves the filter lists', async () => {
    for (const path of ['specialties', 'visit-reasons', 'services', 'insurance-carriers']) {
      const { GET } = await import(`../../app/api/${path}/route.ts`);
      const reply = await json(await GET(request('GET', `/api/${path}`)));
      expect(reply.status, path).toBe(200);
      expect(reply.body.length, path).toBeGreaterThan(0);
    }
  });

  it('keeps favourites behind the session cookie and the Origin check', async () => {
    const favorites = await import('../../app/api/favorites/route');
    const provider = await import('../../app/api/favorites/providers/[id]/route');
    jar.clear();
    expect((await favorites.GET(request('GET', '/api/favorites'))).status).toBe(401);
    expect((await provider.PUT(request('PUT', '/api/favorites/providers/2'), params({ id: '2' }))).status).toBe(401);

    const session = await import('../../app/api/session/route');
    const login = await session.POST(
      request('POST', '/api/session', { email: DEMO_PATIENT.email, password: DEMO_PATIENT.password }),
    );
    expect(login.status).toBe(200);

    const added = await json(await provider.PUT(request('PUT', '/api/favorites/providers/2'), params({ id: '2' })));
    expect(added).toEqual({ status: 200, body: { kind: 'provider', id: 2, favorite: true } });
    const crossSite = new Request(`${ORIGIN}/api/favorites/providers/3`, {
      method: 'PUT',
      headers: { host: 'app.test', origin: 'http://evil.test' },
    });
    expect((await provider.PUT(crossSite, params({ id: '3' }))).status).toBe(403);
    // a client-sent X-Forwarded-Host matching its foreign Origin passed the check. With
    // no proxy trusted (TRUST_PROXY_HOPS=0) only the Host header counts.
    const forwardedForeign = new Request(`${ORIGIN}/api/favorites/providers/3`, {
      method: 'PUT',
      headers: { host: 'app.test', origin: 'http://evil.test', 'x-forwarded-host': 'evil.test' },
    });
    const refused = await provider.PUT(forwardedForeign, params({ id: '3' }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ errorCode: 'forbidden' });

    const list = await json(await favorites.GET(request('GET', '/api/favorites?lat=40.75&lng=-73.98')));
    expect(list.status).toBe(200);
    // The seed gives the demo patient a favourite provider and clinic; the one added here joins them.
    expect(list.body.providerIds).toEqual(expect.arrayContaining([1, 2]));
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);

    const removed = await json(
      await provider.DELETE(request('DELETE', '/api/favorites/providers/2'), params({ id: '2' })),
    );
    expect(removed.body.favorite).toBe(false);
  });
});

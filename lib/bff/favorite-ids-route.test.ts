import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDiscovery } from '../db/seed/discovery';
import { DEMO_PATIENT } from '../db/seed/seed';
import { useTestDatabase } from '../testing/test-db';
import { jar } from '../testing/next-headers-mock';

/*
 * GET /api/favorites/ids (app/api/favorites/ids/route.ts): the heart toggles' state. Logged
 * out is a 200 answer, not a 401, so public pages fill no console with errors.
 */

vi.mock('next/headers', () => import('../testing/next-headers-mock'));

const database = useTestDatabase();

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 20 });
  });
});

const ORIGIN = 'http://app.test';

function request(method: string, path: string, body?: unknown) {
  const headers = new Headers({ host: 'app.test', 'x-forwarded-for': '10.9.8.6' });
  if (method !== 'GET') headers.set('origin', ORIGIN);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('GET /api/favorites/ids', () => {
  it('answers signedIn false to a visitor, and the saved ids to a patient', async () => {
    const { GET } = await import('../../app/api/favorites/ids/route');
    jar.clear();
    const visitor = await GET(request('GET', '/api/favorites/ids'));
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toEqual({ signedIn: false, providerIds: [], clinicIds: [] });

    const session = await import('../../app/api/session/route');
    const login = await session.POST(
      request('POST', '/api/session', { email: DEMO_PATIENT.email, password: DEMO_PATIENT.password }),
    );
    expect(login.status).toBe(200);
    const provider = await import('../../app/api/favorites/providers/[id]/route');
    await provider.PUT(request('PUT', '/api/favorites/providers/3'), { params: Promise.resolve({ id: '3' }) });

    const patient = await GET(request('GET', '/api/favorites/ids'));
    expect(patient.status).toBe(200);
    const body = await patient.json();
    expect(body.signedIn).toBe(true);
    expect(body.providerIds).toContain(3);
    expect(Object.keys(body).sort()).toEqual(['clinicIds', 'providerIds', 'signedIn']);
  });
});

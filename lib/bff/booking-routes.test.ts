import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDiscovery } from '../db/seed/discovery';
import { DEMO_PATIENT } from '../db/seed/seed';
import { useTestDatabase } from '../testing/test-db';
import { jar } from '../testing/next-headers-mock';
import { tokenizeSandboxCard } from '../api-client/sandbox-accept';

/*
 * The booking page's BFF routes (app/api/appointments, family, cards) in-process: session
 * required, bodies checked with the contracts before /v4 is called (400, never 500), and the
 * /v4 answers relayed with their status.
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
  const headers = new Headers({ host: 'app.test', 'x-forwarded-for': '10.9.8.5' });
  if (method !== 'GET') headers.set('origin', ORIGIN);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const params = (values: Record<string, string>) => ({ params: Promise.resolve(values) });

async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}

async function logIn() {
  jar.clear();
  const session = await import('../../app/api/session/route');
  const login = await session.POST(
    request('POST', '/api/session', { email: DEMO_PATIENT.email, password: DEMO_PATIENT.password }),
  );
  expect(login.status).toBe(200);
}

/** A free slot of a provider near New York (with teledental available when asked). */
async function freeSlot(teledental: boolean) {
  const providers = await import('../../app/api/providers/route');
  const query = `lat=40.7549&lng=-73.984&radius=50&pageSize=10${teledental ? '&visitType=virtual' : ''}`;
  const list = await json(await providers.GET(request('GET', `/api/providers?${query}`)));
  expect(list.status).toBe(200);
  const slots = await import('../../app/api/providers/[id]/slots/route');
  for (const provider of list.body.items as { id: number; office: { id: number } }[]) {
    const answer = await json(
      await slots.GET(
        request('GET', `/api/providers/${provider.id}/slots?officeId=${provider.office.id}`),
        params({ id: String(provider.id) }),
      ),
    );
    const free = (answer.body.days as { morning: { start: string }[]; afternoon: { start: string }[] }[]).flatMap(
      (d) => [...d.morning, ...d.afternoon],
    );
    if (free.length) return { providerId: provider.id, officeId: provider.office.id, slotStart: free.at(-1)!.start };
  }
  throw new Error('no free slot in the seed');
}

async function visitReasonId(): Promise<number> {
  const reasons = await import('../../app/api/visit-reasons/route');
  const list = await json(await reasons.GET(request('GET', '/api/visit-reasons')));
  return list.body[0].id;
}

describe('booking BFF routes', () => {
  it('refuse a visitor with 401 and a malformed body with 400 before calling /v4', async () => {
    jar.clear();
    const appointments = await import('../../app/api/appointments/route');
    const family = await import('../../app/api/family/route');
    const cards = await import('../../app/api/cards/route');
    expect((await appointments.POST(request('POST', '/api/appointments', {}))).status).toBe(401);
    expect((await family.GET(request('GET', '/api/family'))).status).toBe(401);
    expect((await cards.GET(request('GET', '/api/cards'))).status).toBe(401);

    await logIn();
    const bad = await json(
      await appointments.POST(request('POST', '/api/appointments', { providerId: 'x', acceptTerms: false })),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('badRequest');
    const card = await json(
      await appointments.POST(request('POST', '/api/appointments', { cardNumber: '4111111111111111' })),
    );
    expect(card.status).toBe(400);
    expect((await family.POST(request('POST', '/api/family', { firstName: '' }))).status).toBe(400);
  });

  it('adds a family member and books an in-office visit for them once per idempotency key', async () => {
    await logIn();
    const family = await import('../../app/api/family/route');
    const added = await json(
      await family.POST(
        request('POST', '/api/family', {
          firstName: 'Leo',
          lastName: 'Patient',
          relationship: 'child',
          gender: 'male',
          dateOfBirth: '2016-02-03',
        }),
      ),
    );
    expect(added.status).toBe(201);
    const list = await json(await family.GET(request('GET', '/api/family')));
    expect(list.body.map((m: { id: string }) => m.id)).toContain(added.body.id);

    const slot = await freeSlot(false);
    const body = {
      idempotencyKey: crypto.randomUUID(),
      ...slot,
      visitType: 'inOffice',
      visitReasonId: await visitReasonId(),
      patientType: 'existing',
      familyMemberId: added.body.id,
      notes: 'Checkup',
      acceptTerms: true,
    };
    const appointments = await import('../../app/api/appointments/route');
    const booked = await json(await appointments.POST(request('POST', '/api/appointments', body)));
    expect(booked.status).toBe(201);
    expect(booked.body.patient).toMatchObject({ kind: 'familyMember', firstName: 'Leo' });
    expect(booked.body.payment).toBeNull();
    const again = await json(await appointments.POST(request('POST', '/api/appointments', body)));
    expect(again.body.id).toBe(booked.body.id);
    const taken = await json(
      await appointments.POST(request('POST', '/api/appointments', { ...body, idempotencyKey: crypto.randomUUID() })),
    );
    expect(taken.status).toBe(409);
  });

  it('pays a teledental visit with a tokenised card, keeps the card, makes it default and deletes it', async () => {
    await logIn();
    const slot = await freeSlot(true);
    const token = tokenizeSandboxCard({ cardNumber: '4111111111111111', month: '12', year: '2034', cardCode: '123' });
    const appointments = await import('../../app/api/appointments/route');
    const booked = await json(
      await appointments.POST(
        request('POST', '/api/appointments', {
          idempotencyKey: crypto.randomUUID(),
          ...slot,
          visitType: 'virtual',
          visitReasonId: await visitReasonId(),
          patientType: 'existing',
          notes: 'Sensitive tooth',
          acceptTerms: true,
          payment: { kind: 'newCard', opaqueData: token.opaqueData, saveCard: true, isPrimary: true },
        }),
      ),
    );
    expect(booked.status).toBe(201);
    expect(booked.body.payment.transactionId).toBeTruthy();

    const cards = await import('../../app/api/cards/route');
    const saved = await json(await cards.GET(request('GET', '/api/cards')));
    expect(saved.status).toBe(200);
    const card = saved.body.find((c: { last4: string }) => c.last4 === '1111');
    expect(card).toBeTruthy();
    const byDefault = await import('../../app/api/cards/[id]/default/route');
    const defaults = await json(
      await byDefault.PUT(request('PUT', `/api/cards/${card.id}/default`), params({ id: card.id })),
    );
    expect(defaults.status).toBe(200);
    expect(defaults.body[0]).toMatchObject({ id: card.id, isPrimary: true });
    const one = await import('../../app/api/cards/[id]/route');
    expect((await one.DELETE(request('DELETE', `/api/cards/${card.id}`), params({ id: card.id }))).status).toBe(200);
    expect((await one.DELETE(request('DELETE', `/api/cards/${card.id}`), params({ id: card.id }))).status).toBe(404);
  });
});

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDiscovery } from '../db/seed/discovery';
import { queryRows } from '../db/raw';
import { useTestDatabase } from '../testing/test-db';
import { jar } from '../testing/next-headers-mock';
import { signUpAndLogin, v4 } from '../testing/v4';

/*
 * The appointments BFF (app/api/appointments/**): each route relays its /v4 call with the
 * session's token, answers bad input with 400 in the one error shape, another patient's or an
 * unknown id with 404, a visitor with 401, and refuses changes from other origins.
 */

vi.mock('next/headers', () => import('../testing/next-headers-mock'));

const database = useTestDatabase();
const ORIGIN = 'http://app.test';
const HOUR = 3_600_000;

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 20 });
  });
});

function request(method: string, path: string, body?: unknown, origin: string | null = ORIGIN) {
  const headers = new Headers({ host: 'app.test', 'x-forwarded-for': '10.9.8.7' });
  if (method !== 'GET' && origin) headers.set('origin', origin);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const withId = (id: string) => ({ params: Promise.resolve({ id }) });

/** A provider's office taking new patients, and its free slots at least 30 hours ahead. */
async function freeSlots(): Promise<{ providerId: number; officeId: number; starts: string[] }> {
  const [pair] = await queryRows<{ provider_id: number; office_id: number }>(
    database.db,
    sql`select po.provider_id, po.office_id from provider_offices po join offices o on o.id = po.office_id
         where po.accepts_new_patients and jsonb_array_length(o.business_hours) >= 5 and cardinality(po.working_days) >= 4
         order by po.provider_id, po.office_id limit 1`,
  );
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const reply = await v4(
    'GET',
    `/v4/providers/${pair!.provider_id}/slots?officeId=${pair!.office_id}&from=${from}&to=${to}`,
  );
  const starts: string[] = reply.body.days
    .flatMap((d: { morning: { start: string }[]; afternoon: { start: string }[] }) => [...d.morning, ...d.afternoon])
    .map((s: { start: string }) => s.start)
    .filter((start: string) => Date.parse(start) > Date.now() + 30 * HOUR);
  return { providerId: pair!.provider_id, officeId: pair!.office_id, starts };
}

async function bookInOffice(token: string, slot: { providerId: number; officeId: number; start: string }) {
  const [reason] = await queryRows<{ id: number }>(database.db, sql`select id from visit_reasons order by id limit 1`);
  const reply = await v4('POST', '/v4/appointments', {
    token,
    body: {
      idempotencyKey: crypto.randomUUID(),
      providerId: slot.providerId,
      officeId: slot.officeId,
      slotStart: slot.start,
      visitType: 'inOffice',
      visitReasonId: reason!.id,
      patientType: 'new',
      notes: 'Checkup.',
      acceptTerms: true,
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as { id: string; start: string };
}

async function logInThroughBff(account: { email: string; password: string }) {
  jar.clear();
  const session = await import('../../app/api/session/route');
  const login = await session.POST(
    request('POST', '/api/session', { email: account.email, password: account.password }),
  );
  expect(login.status).toBe(200);
}

describe('/api/appointments', () => {
  it('lists, shows, reschedules, serves the .ics and cancels the patient’s own appointment', async () => {
    const account = await signUpAndLogin();
    const { providerId, officeId, starts } = await freeSlots();
    expect(starts.length).toBeGreaterThan(2);
    const booked = await bookInOffice(account.token, { providerId, officeId, start: starts[0]! });
    await logInThroughBff(account);

    const list = await import('../../app/api/appointments/route');
    const upcoming = await list.GET(request('GET', '/api/appointments?tab=upcoming&page=1'));
    expect(upcoming.status).toBe(200);
    expect(upcoming.headers.get('cache-control')).toBe('no-store');
    const page = await upcoming.json();
    expect(page).toMatchObject({ tab: 'upcoming', page: 1, total: 1 });
    expect(page.items[0].id).toBe(booked.id);
    expect((await (await list.GET(request('GET', '/api/appointments?tab=canceled'))).json()).total).toBe(0);

    const detail = await import('../../app/api/appointments/[id]/route');
    const shown = await detail.GET(request('GET', `/api/appointments/${booked.id}`), withId(booked.id));
    expect(shown.status).toBe(200);
    expect((await shown.json()).cancelPolicy).toMatchObject({ cancelable: true, refundEligible: false });

    const reschedule = await import('../../app/api/appointments/[id]/reschedule/route');
    const moved = await reschedule.PUT(
      request('PUT', `/api/appointments/${booked.id}/reschedule`, { officeId, slotStart: starts[2] }),
      withId(booked.id),
    );
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ id: booked.id, start: starts[2], status: 'scheduled' });

    const calendar = await import('../../app/api/appointments/[id]/calendar/route');
    const ics = await calendar.GET(request('GET', `/api/appointments/${booked.id}/calendar`), withId(booked.id));
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    expect(await ics.text()).toContain('BEGIN:VEVENT');

    const cancel = await import('../../app/api/appointments/[id]/cancel/route');
    const canceled = await cancel.PUT(request('PUT', `/api/appointments/${booked.id}/cancel`), withId(booked.id));
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toMatchObject({ status: 'canceled', refund: { status: 'notApplicable' } });
    // Canceling again changes nothing.
    const again = await cancel.PUT(request('PUT', `/api/appointments/${booked.id}/cancel`), withId(booked.id));
    expect(again.status).toBe(200);
    expect((await (await list.GET(request('GET', '/api/appointments?tab=canceled'))).json()).total).toBe(1);
  });

  it('answers bad input with 400, others’ and unknown ids with 404, visitors with 401, other origins with 403', async () => {
    const owner = await signUpAndLogin();
    const { providerId, officeId, starts } = await freeSlots();
    const booked = await bookInOffice(owner.token, { providerId, officeId, start: starts[1]! });

    const list = await import('../../app/api/appointments/route');
    const detail = await import('../../app/api/appointments/[id]/route');
    const cancel = await import('../../app/api/appointments/[id]/cancel/route');
    const reschedule = await import('../../app/api/appointments/[id]/reschedule/route');
    const calendar = await import('../../app/api/appointments/[id]/calendar/route');

    jar.clear();
    expect((await list.GET(request('GET', '/api/appointments'))).status).toBe(401);
    expect((await detail.GET(request('GET', `/api/appointments/${booked.id}`), withId(booked.id))).status).toBe(401);

    const other = await signUpAndLogin();
    await logInThroughBff(other);
    const badTab = await list.GET(request('GET', '/api/appointments?tab=soon'));
    expect(badTab.status).toBe(400);
    expect(await badTab.json()).toMatchObject({ errorCode: 'badRequest' });
    expect((await list.GET(request('GET', '/api/appointments?page=0'))).status).toBe(400);
    expect((await list.GET(request('GET', '/api/appointments?tab=past&tab=upcoming'))).status).toBe(400);

    for (const id of [booked.id, crypto.randomUUID(), 'not-an-id']) {
      const answer = await detail.GET(request('GET', `/api/appointments/${id}`), withId(id));
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ errorCode: 'notFound' });
      expect((await calendar.GET(request('GET', `/api/appointments/${id}/calendar`), withId(id))).status).toBe(404);
      expect((await cancel.PUT(request('PUT', `/api/appointments/${id}/cancel`), withId(id))).status).toBe(404);
    }

    const badBody = await reschedule.PUT(
      request('PUT', `/api/appointments/${booked.id}/reschedule`, { officeId, slotStart: 'tomorrow' }),
      withId(booked.id),
    );
    expect(badBody.status).toBe(400);
    expect(await badBody.json()).toMatchObject({ errorCode: 'badRequest' });

    const crossSite = await cancel.PUT(
      request('PUT', `/api/appointments/${booked.id}/cancel`, undefined, 'https://evil.test'),
      withId(booked.id),
    );
    expect(crossSite.status).toBe(403);

    // The owner's appointment is untouched by all of it.
    const state = await v4('GET', `/v4/appointments/${booked.id}`, { token: owner.token });
    expect(state.body).toMatchObject({ status: 'scheduled', start: starts[1] });
  });
});

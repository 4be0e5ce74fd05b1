import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDiscovery } from '../../db/seed/discovery';
import { queryRows } from '../../db/raw';
import { useTestDatabase } from '../../testing/test-db';
import { signUpAndLogin, v4 } from '../../testing/v4';
import { setStatusByOffice } from '../appointments/office-service';

/*
 * The earlier-slot waitlist on PGlite and PostgreSQL: joining and leaving, a
 * cancellation, a reschedule and an office cancellation offering the freed slot by email to
 * the patients waiting (in line order, in their language, nobody moved), taking an offer in
 * one step, an offer taken meanwhile, offers of another patient, and two patients racing.
 * Each test uses its own provider: waitlists are per provider.
 */

const database = useTestDatabase();
const HOUR = 3_600_000;

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 150 });
  });
});

interface Pair {
  provider_id: number;
  office_id: number;
}

let nextPair = 0;
/** A provider (new for each test) at an office open most days that takes new in-office patients. */
async function freshPair(): Promise<Pair> {
  const [row] = await queryRows<Pair>(
    database.db,
    sql`select distinct on (po.provider_id) po.provider_id, po.office_id
          from provider_offices po join offices o on o.id = po.office_id
         where po.accepts_new_patients and jsonb_array_length(o.business_hours) >= 5 and cardinality(po.working_days) >= 4
         order by po.provider_id, po.office_id offset ${nextPair++} limit 1`,
  );
  if (!row) throw new Error('no provider left');
  return row;
}

/** Free slots of a pair starting at least 30 hours from now (two weeks are looked at). */
async function freeSlots(pair: Pair): Promise<string[]> {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const reply = await v4(
    'GET',
    `/v4/providers/${pair.provider_id}/slots?officeId=${pair.office_id}&from=${from}&to=${to}`,
  );
  expect(reply.status).toBe(200);
  const all: { start: string }[] = reply.body.days.flatMap(
    (d: { morning: { start: string }[]; afternoon: { start: string }[] }) => [...d.morning, ...d.afternoon],
  );
  return all.map((s) => s.start).filter((start) => Date.parse(start) >= Date.now() + 30 * HOUR);
}

interface Booked {
  token: string;
  email: string;
  id: string;
  start: string;
}

async function bookAt(pair: Pair, start: string, language = 'en'): Promise<Booked> {
  const { token, email } = await signUpAndLogin();
  const [reason] = await queryRows<{ id: number }>(database.db, sql`select id from visit_reasons order by id limit 1`);
  const reply = await v4('POST', '/v4/appointments', {
    token,
    language,
    body: {
      idempotencyKey: crypto.randomUUID(),
      providerId: pair.provider_id,
      officeId: pair.office_id,
      slotStart: start,
      visitType: 'inOffice',
      visitReasonId: reason!.id,
      patientType: 'new',
      notes: 'Would like to come in sooner.',
      acceptTerms: true,
    },
  });
  expect(reply.status).toBe(201);
  return { token, email: email.toLowerCase(), id: reply.body.id, start };
}

async function join(patient: Booked, language = 'en') {
  const reply = await v4('PUT', `/v4/appointments/${patient.id}/waitlist`, { token: patient.token, language });
  expect(reply.status).toBe(200);
  expect(reply.body.waitlisted).toBe(true);
  return reply.body;
}

/** Earlier-slot emails of a patient, oldest first, with the offer link's ids. */
async function offersMailed(patient: Booked) {
  const rows = await queryRows<{ id: number; subject: string; text_body: string }>(
    database.db,
    sql`select id::int as id, subject, text_body from outbox_emails
         where to_address = ${patient.email} and (subject like 'An earlier time%' or subject like 'Hay un horario%') order by id`,
  );
  return rows.map((row) => ({ ...row, offerId: /\/earlier-slot\/([0-9a-f-]{36})/.exec(row.text_body)?.[1] }));
}

const lastEmailId = async () =>
  Number(
    (await queryRows<{ id: number | null }>(database.db, sql`select max(id)::int as id from outbox_emails`))[0]!.id ??
      0,
  );

describe('joining and leaving', () => {
  it('puts an upcoming appointment on the list once, keeps its place when joined again, and takes it off', async () => {
    const pair = await freshPair();
    const [slot] = await freeSlots(pair);
    const patient = await bookAt(pair, slot!);
    const base = `/v4/appointments/${patient.id}/waitlist`;

    expect((await v4('GET', base, { token: patient.token })).body).toEqual({
      appointmentId: patient.id,
      waitlisted: false,
      since: null,
      eligible: true,
    });
    const first = await join(patient);
    expect(first.since).toBeTruthy();
    expect((await join(patient)).since).toBe(first.since);
    expect((await v4('GET', base, { token: patient.token })).body.waitlisted).toBe(true);

    const left = await v4('DELETE', base, { token: patient.token });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ waitlisted: false, since: null });
    expect((await v4('DELETE', base, { token: patient.token })).status).toBe(200);
  });

  it("answers another patient's appointment, a malformed id and no session like an unknown one; a canceled one cannot join", async () => {
    const pair = await freshPair();
    const [slot] = await freeSlots(pair);
    const patient = await bookAt(pair, slot!);
    const stranger = await signUpAndLogin();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expect((await v4(method, `/v4/appointments/${patient.id}/waitlist`, { token: stranger.token })).status).toBe(404);
      expect((await v4(method, `/v4/appointments/not-a-uuid/waitlist`, { token: patient.token })).status).toBe(404);
      expect((await v4(method, `/v4/appointments/${patient.id}/waitlist`)).status).toBe(401);
    }
    expect((await v4('GET', `/v4/waitlistOffers/${crypto.randomUUID()}`, { token: patient.token })).status).toBe(404);

    await join(patient);
    expect((await v4('PUT', `/v4/appointments/${patient.id}/cancel`, { token: patient.token })).status).toBe(200);
    // Canceling ended the entry, and a canceled appointment cannot join again.
    expect((await v4('GET', `/v4/appointments/${patient.id}/waitlist`, { token: patient.token })).body).toMatchObject({
      waitlisted: false,
      eligible: false,
    });
    const refused = await v4('PUT', `/v4/appointments/${patient.id}/waitlist`, { token: patient.token });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('notReschedulable');
    const [entries] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from appointment_waitlist where appointment_id = ${patient.id}`,
    );
    expect(entries!.n).toBe(0);
  });
});

describe('a freed slot', () => {
  it('is emailed to the later waitlisted patients in line order and language, moves nobody, and books in one step from the offer', async () => {
    const pair = await freshPair();
    const slots = await freeSlots(pair);
    const earliest = await bookAt(pair, slots[0]!);
    const canceling = await bookAt(pair, slots[1]!);
    const first = await bookAt(pair, slots[3]!, 'sp');
    const second = await bookAt(pair, slots[4]!);
    const notWaiting = await bookAt(pair, slots[5]!);
    await join(earliest); // waitlisted, but already earlier than the freed slot: not told
    await join(first, 'sp');
    await join(second);
    const before = await lastEmailId();

    expect((await v4('PUT', `/v4/appointments/${canceling.id}/cancel`, { token: canceling.token })).status).toBe(200);

    const [firstMail] = await offersMailed(first);
    const [secondMail] = await offersMailed(second);
    expect(firstMail!.subject).toMatch(/^Hay un horario más temprano libre con Dra?\. /);
    expect(firstMail!.text_body).toContain('/es/appointment-details/');
    expect(secondMail!.subject).toMatch(/^An earlier time with Dr\. .* is free$/);
    expect(firstMail!.id).toBeLessThan(secondMail!.id); // first come, first told
    expect(firstMail!.id).toBeGreaterThan(before);
    expect(await offersMailed(earliest)).toHaveLength(0);
    expect(await offersMailed(notWaiting)).toHaveLength(0);
    // Nobody is booked without acting.
    expect((await v4('GET', `/v4/appointments/${first.id}`, { token: first.token })).body.start).toBe(first.start);
    expect(await freeSlots(pair)).toContain(slots[1]);

    // The offer shows the old and the new time; another patient cannot see or take it.
    const offer = await v4('GET', `/v4/waitlistOffers/${firstMail!.offerId}`, { token: first.token, language: 'sp' });
    expect(offer.status).toBe(200);
    expect(offer.body).toMatchObject({
      state: 'open',
      appointment: { id: first.id, start: first.start },
      slot: { start: slots[1], office: { id: pair.office_id } },
    });
    expect((await v4('GET', `/v4/waitlistOffers/${firstMail!.offerId}`, { token: second.token })).status).toBe(404);
    expect((await v4('POST', `/v4/waitlistOffers/${firstMail!.offerId}/accept`, { token: second.token })).status).toBe(
      404,
    );

    const taken = await v4('POST', `/v4/waitlistOffers/${firstMail!.offerId}/accept`, { token: first.token });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ id: first.id, start: slots[1], status: 'scheduled' });
    // Taking it again (a double click) answers the same appointment and changes nothing.
    const again = await v4('POST', `/v4/waitlistOffers/${firstMail!.offerId}/accept`, { token: first.token });
    expect(again.status).toBe(200);
    expect(again.body.start).toBe(slots[1]);
    expect((await v4('GET', `/v4/waitlistOffers/${firstMail!.offerId}`, { token: first.token })).body.state).toBe(
      'accepted',
    );
    // Moved: the entry ended, the rescheduled email went out, and the slot it left is offered on.
    expect((await v4('GET', `/v4/appointments/${first.id}/waitlist`, { token: first.token })).body.waitlisted).toBe(
      false,
    );
    const [moved] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from outbox_emails where to_address = ${first.email} and subject like 'Reprogramada%'`,
    );
    expect(moved!.n).toBe(1);
    const secondOffers = await offersMailed(second);
    expect(secondOffers).toHaveLength(2);

    // The second patient's offer of the slot the first one took: a clear 409, nothing moved.
    const late = await v4('POST', `/v4/waitlistOffers/${secondOffers[0]!.offerId}/accept`, { token: second.token });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ errorCode: 'slotTaken' });
    expect(late.body.message).toContain('Someone else booked this earlier time first');
    expect(
      (await v4('GET', `/v4/waitlistOffers/${secondOffers[0]!.offerId}`, { token: second.token })).body.state,
    ).toBe('taken');
    expect((await v4('GET', `/v4/appointments/${second.id}`, { token: second.token })).body.start).toBe(second.start);
    expect((await v4('GET', `/v4/appointments/${second.id}/waitlist`, { token: second.token })).body.waitlisted).toBe(
      true,
    );
    // The slot the first patient left (slots[3]) is still free and earlier: the second takes it.
    const next = await v4('POST', `/v4/waitlistOffers/${secondOffers[1]!.offerId}/accept`, { token: second.token });
    expect(next.status).toBe(200);
    expect(next.body.start).toBe(slots[3]);
  });

  it('is offered when a reschedule or the office frees it; not when the slot is later, and an offer ends with its appointment', async () => {
    const pair = await freshPair();
    const slots = await freeSlots(pair);
    const mover = await bookAt(pair, slots[0]!);
    const officeCanceled = await bookAt(pair, slots[1]!);
    const waiting = await bookAt(pair, slots[4]!);
    const laterMover = await bookAt(pair, slots[6]!);
    await join(mover);
    await join(waiting);

    // The mover goes later: its own entry ends, and the slot it left is offered.
    const moved = await v4('PUT', `/v4/appointments/${mover.id}/reschedule`, {
      token: mover.token,
      body: { officeId: pair.office_id, slotStart: slots[7] },
    });
    expect(moved.status).toBe(200);
    expect((await v4('GET', `/v4/appointments/${mover.id}/waitlist`, { token: mover.token })).body.waitlisted).toBe(
      false,
    );
    expect((await offersMailed(waiting)).length).toBe(1);
    // A slot later than the waiting appointment frees up: not offered.
    expect((await v4('PUT', `/v4/appointments/${laterMover.id}/cancel`, { token: laterMover.token })).status).toBe(200);
    expect((await offersMailed(waiting)).length).toBe(1);

    // The office cancels: that slot is offered too.
    const key = `test-office-${pair.office_id}-${crypto.randomUUID()}`;
    const { sha256 } = await import('../../security/password');
    await database.db.execute(
      sql`insert into office_api_keys (key_hash, office_id, label) values (${sha256(key)}, ${pair.office_id}, 'test')`,
    );
    await setStatusByOffice({ key, ip: '192.0.2.1' }, officeCanceled.id, { status: 'canceled' }, 'en');
    const offers = await offersMailed(waiting);
    expect(offers.length).toBe(2);

    // The waiting patient cancels: the entry and the offers end.
    expect((await v4('PUT', `/v4/appointments/${waiting.id}/cancel`, { token: waiting.token })).status).toBe(200);
    expect((await v4('GET', `/v4/waitlistOffers/${offers[1]!.offerId}`, { token: waiting.token })).body.state).toBe(
      'expired',
    );
    const refused = await v4('POST', `/v4/waitlistOffers/${offers[1]!.offerId}/accept`, {
      token: waiting.token,
      language: 'sp',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      errorCode: 'earlierSlotUnavailable',
      message: 'Este horario más temprano ya no está disponible para su cita.',
    });
  });

  it('goes to one of two patients taking it at the same moment; the other is told it was taken', async () => {
    const pair = await freshPair();
    const slots = await freeSlots(pair);
    const canceling = await bookAt(pair, slots[0]!);
    const a = await bookAt(pair, slots[2]!);
    const b = await bookAt(pair, slots[3]!);
    await join(a);
    await join(b);
    expect((await v4('PUT', `/v4/appointments/${canceling.id}/cancel`, { token: canceling.token })).status).toBe(200);
    const [offerA] = await offersMailed(a);
    const [offerB] = await offersMailed(b);
    const replies = await Promise.all([
      v4('POST', `/v4/waitlistOffers/${offerA!.offerId}/accept`, { token: a.token }),
      v4('POST', `/v4/waitlistOffers/${offerB!.offerId}/accept`, { token: b.token }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.errorCode).toBe('slotTaken');
    const [live] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from appointments where provider_id = ${pair.provider_id} and starts_at = ${slots[0]} and status <> 'canceled'`,
    );
    expect(live!.n).toBe(1);
  });
});

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDiscovery } from '../../db/seed/discovery';
import { tokenizeSandboxCard } from '../../api-client/sandbox-accept';
import { queryRows } from '../../db/raw';
import { inTransaction } from '../../db/transaction';
import { captureLogs } from '../../testing/log-capture';
import { countRows, testServerUrl, useTestDatabase } from '../../testing/test-db';
import { signUpAndLogin, v4 } from '../../testing/v4';
import { sendDueReminders, sweepNoShows } from './appointment-jobs';
import { lockAppointment } from './appointments-repository';
import { cancelAppointment } from './appointments-service';
import { setStatusByOffice } from './office-service';

/*
 * The appointments API on PGlite and PostgreSQL: every booking rule, idempotency,
 * the same-slot race, payment failures booking nothing, the 24-hour refund rule, cancel twice,
 * reschedule, the office's moves and the background sweeps.
 */

const database = useTestDatabase();

// Races sign up a dozen patients at once (a password hash each): more than 30 s on a busy two-core machine.
vi.setConfig({ testTimeout: 90_000 });
const HOUR = 3_600_000;

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 150 });
  });
});

interface Pair {
  provider_id: number;
  office_id: number;
  fee: number;
}

/** A provider at an office matching the conditions (the seed is deterministic but not hand-picked). */
async function findPair(
  where: 'teledental' | 'inOfficeNew' | 'noNewPatients' | 'noTeledental',
  skip = 0,
): Promise<Pair> {
  const condition = {
    teledental: sql`po.offers_teledental and o.teledental_payment_ready and po.accepts_new_patients and p.teledental_fee_cents > 0`,
    inOfficeNew: sql`po.accepts_new_patients`,
    noNewPatients: sql`not po.accepts_new_patients`,
    noTeledental: sql`not (po.offers_teledental and o.teledental_payment_ready)`,
  }[where];
  const rows = await queryRows<Pair>(
    database.db,
    sql`select po.provider_id, po.office_id, p.teledental_fee_cents as fee
          from provider_offices po join offices o on o.id = po.office_id join providers p on p.id = po.provider_id
         where ${condition} and jsonb_array_length(o.business_hours) >= 5 and cardinality(po.working_days) >= 4
         order by po.provider_id, po.office_id offset ${skip} limit 1`,
  );
  if (!rows[0]) throw new Error(`no provider for ${where}`);
  return rows[0];
}

interface FreeSlot {
  start: string;
}

/** Free slots of a pair starting at least `hoursAhead` from now (two weeks are looked at). */
async function freeSlots(pair: Pair, hoursAhead = 0, days = 14): Promise<FreeSlot[]> {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const reply = await v4(
    'GET',
    `/v4/providers/${pair.provider_id}/slots?officeId=${pair.office_id}&from=${from}&to=${to}`,
  );
  expect(reply.status).toBe(200);
  const all: FreeSlot[] = reply.body.days.flatMap((d: { morning: FreeSlot[]; afternoon: FreeSlot[] }) => [
    ...d.morning,
    ...d.afternoon,
  ]);
  return all.filter((s) => Date.parse(s.start) >= Date.now() + hoursAhead * HOUR);
}

async function reasonId(): Promise<number> {
  const [row] = await queryRows<{ id: number }>(database.db, sql`select id from visit_reasons order by id limit 1`);
  return row!.id;
}

function card(number: string) {
  const answer = tokenizeSandboxCard({
    cardNumber: number,
    month: '12',
    year: String(new Date().getFullYear() + 2),
    cardCode: number.startsWith('3') ? '1234' : '123',
  });
  if (!answer.opaqueData) throw new Error('tokeniser refused the test card');
  return answer.opaqueData;
}

async function bookingBody(pair: Pair, slot: FreeSlot, overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: crypto.randomUUID(),
    providerId: pair.provider_id,
    officeId: pair.office_id,
    slotStart: slot.start,
    visitType: 'inOffice',
    visitReasonId: await reasonId(),
    patientType: 'new',
    notes: 'Tooth hurts when drinking cold water.',
    acceptTerms: true,
    ...overrides,
  };
}

async function book(token: string, body: Record<string, unknown>) {
  return v4('POST', '/v4/appointments', { token, body });
}

const appointmentsCount = () => countRows(database.db, 'appointments');
const sandboxCount = async (kind: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from sandbox_payments where kind = ${kind}`,
      )
    )[0]!.n,
  );

describe('POST /v4/appointments', () => {
  it('books an in-office visit for the patient: no fee, the slot leaves the provider page, an email with an .ics is queued', async () => {
    const { token, email } = await signUpAndLogin();
    const pair = await findPair('inOfficeNew');
    const [slot] = await freeSlots(pair, 30);
    const reply = await book(token, await bookingBody(pair, slot!));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'scheduled',
      visitType: 'inOffice',
      feeCents: 0,
      payment: null,
      start: slot!.start,
    });
    expect(reply.body.patient.kind).toBe('self');
    expect(reply.body.directionsUrl).toContain('google.com/maps');
    expect((await freeSlots(pair, 30)).map((s) => s.start)).not.toContain(slot!.start);

    const [mail] = await queryRows<{ subject: string; attachments: { filename: string; content: string }[] }>(
      database.db,
      sql`select subject, attachments from outbox_emails where to_address = ${email.toLowerCase()} and subject like 'Booked%'`,
    );
    expect(mail?.attachments[0]?.filename).toBe('appointment.ics');
    const ics = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`UID:${reply.body.id}@dental-booking`);

    const list = await v4('GET', '/v4/appointments?tab=upcoming', { token });
    expect(list.body.items.map((a: { id: string }) => a.id)).toContain(reply.body.id);
  });

  it('charges the teledental fee with a sandbox card; a declined or suspicious card books nothing', async () => {
    const { token } = await signUpAndLogin();
    const pair = await findPair('teledental');
    const [slot, second] = await freeSlots(pair, 30);
    const before = await appointmentsCount();

    const declined = await book(
      token,
      await bookingBody(pair, slot!, {
        visitType: 'virtual',
        payment: { kind: 'newCard', opaqueData: card('4000000000000002') },
      }),
    );
    expect(declined.status).toBe(402);
    expect(declined.body.errorCode).toBe('paymentDeclined');
    const suspicious = await book(
      token,
      await bookingBody(pair, slot!, {
        visitType: 'virtual',
        payment: { kind: 'newCard', opaqueData: card('4000000000000101') },
      }),
    );
    expect(suspicious.status).toBe(402);
    expect(suspicious.body.errorCode).toBe('paymentSuspicious');
    expect(await appointmentsCount()).toBe(before);

    const missing = await book(token, await bookingBody(pair, slot!, { visitType: 'virtual' }));
    expect(missing.status).toBe(400);
    expect(missing.body.errorCode).toBe('paymentRequired');

    const paid = await book(
      token,
      await bookingBody(pair, second!, {
        visitType: 'virtual',
        payment: { kind: 'newCard', opaqueData: card('4111111111111111') },
      }),
    );
    expect(paid.status).toBe(201);
    expect(paid.body.feeCents).toBe(pair.fee);
    expect(paid.body.payment).toMatchObject({ brand: 'visa', last4: '1111' });
    expect(paid.body.videoCall).toMatchObject({ url: null });
  });

  it('is idempotent: a retried request answers the first booking and charges once; the key with another request is refused', async () => {
    const { token } = await signUpAndLogin();
    const pair = await findPair('teledental');
    const [slot, other] = await freeSlots(pair, 30);
    const body = await bookingBody(pair, slot!, {
      visitType: 'virtual',
      payment: { kind: 'newCard', opaqueData: card('5424000000000015') },
    });
    const charges = await sandboxCount('charge');
    const [a, b] = await Promise.all([
      book(token, body),
      book(token, { ...body, payment: { kind: 'newCard', opaqueData: card('5424000000000015') } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await sandboxCount('charge')).toBe(charges + 1);
    const reused = await book(token, { ...body, slotStart: other!.start });
    expect(reused.status).toBe(409);
    expect(reused.body.errorCode).toBe('idempotencyKeyReused');
  });

  it('sells one slot once when many patients ask for it at the same moment', async () => {
    const pair = await findPair('inOfficeNew', 1);
    const [slot] = await freeSlots(pair, 30);
    const patients = await Promise.all(Array.from({ length: 40 }, () => signUpAndLogin()));
    const logs = captureLogs();
    const replies = await Promise.all(patients.map(async (p) => book(p.token, await bookingBody(pair, slot!))));
    const statuses = replies.map((r) => r.status).sort();
    // What the others answered, should the race ever end otherwise.
    const others = JSON.stringify(replies.filter((r) => r.status !== 201 && r.status !== 409).map((r) => r.body));
    expect(
      statuses.filter((s) => s === 201),
      others,
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      others,
    ).toHaveLength(39);
    expect(replies.filter((r) => r.status === 409).every((r) => r.body.errorCode === 'slotTaken')).toBe(true);
    // Queued on the provider's lock, no insert waits for another's (a deadlock costs a second each).
    expect(logs.filter((line) => line.msg === 'deadlock, retrying')).toEqual([]);
  });

  it('refuses a second appointment of the same patient at the same time, a past slot, and a time outside the hours', async () => {
    const { token } = await signUpAndLogin();
    // Two providers free at one instant. Which slots are free depends on the hour and weekday the
    // test runs at, so the instant is looked for among both providers' slots rather than assumed.
    const first = await findPair('inOfficeNew', 2);
    const firstStarts = new Set((await freeSlots(first, 30)).map((s) => s.start));
    let same: { pair: Pair; slot: FreeSlot } | undefined;
    for (let skip = 3; !same && skip < 40; skip++) {
      const pair = await findPair('inOfficeNew', skip);
      if (pair.provider_id === first.provider_id) continue;
      const slot = (await freeSlots(pair, 30)).find((s) => firstStarts.has(s.start));
      if (slot) same = { pair, slot };
    }
    expect(same, 'a second provider free at the same time').toBeDefined();
    const slots = [same!.slot];
    expect((await book(token, await bookingBody(first, slots[0]!))).status).toBe(201);
    // The patient cannot be in two places at once.
    const again = await book(token, await bookingBody(same!.pair, same!.slot));
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('alreadyBooked');
    const past = await book(
      token,
      await bookingBody(first, {
        start: new Date(Date.now() - 48 * HOUR).toISOString().replace(/:\d\d\.\d+Z$/, ':00.000Z'),
      }),
    );
    expect(past.status).toBe(409);
    expect(past.body.errorCode).toBe('providerUnavailable');
    const odd = new Date(Date.parse(slots[0]!.start) + 17 * 60_000).toISOString();
    const outside = await book(token, await bookingBody(first, { start: odd }));
    expect(outside.body.errorCode).toBe('providerUnavailable');
  }, 120_000); // up to forty providers' slot lists are read

  it('refuses new patients where the provider does not take them, and teledental where the office has no payment setup', async () => {
    const { token } = await signUpAndLogin();
    const closed = await findPair('noNewPatients');
    const [slot] = await freeSlots(closed, 30);
    const reply = await book(token, await bookingBody(closed, slot!, { patientType: 'new' }));
    expect(reply.status).toBe(412);
    expect(reply.body.errorCode).toBe('newPatientsNotAccepted');
    const noVideo = await findPair('noTeledental');
    const [slot2] = await freeSlots(noVideo, 30);
    const video = await book(
      token,
      await bookingBody(noVideo, slot2!, {
        visitType: 'virtual',
        patientType: 'existing',
        payment: { kind: 'newCard', opaqueData: card('4111111111111111') },
      }),
    );
    expect(video.status).toBe(412);
    expect(video.body.errorCode).toBe('teledentalUnavailable');
  });

  it('answers bad bodies with 400 and the field, and someone else’s ids with 404, writing nothing', async () => {
    const { token } = await signUpAndLogin();
    const other = await signUpAndLogin();
    const pair = await findPair('inOfficeNew', 4);
    const [slot] = await freeSlots(pair, 30);
    const before = await appointmentsCount();
    const noTerms = await book(token, await bookingBody(pair, slot!, { acceptTerms: false }));
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.fields.map((f: { path: string }) => f.path)).toContain('acceptTerms');
    const blankNotes = await book(token, await bookingBody(pair, slot!, { notes: '   ', patientType: undefined }));
    expect(blankNotes.status).toBe(400);
    expect(blankNotes.body.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['notes', 'patientType']),
    );
    const tooMany = await book(
      token,
      await bookingBody(pair, slot!, { imageIds: Array.from({ length: 6 }, () => crypto.randomUUID()) }),
    );
    expect(tooMany.status).toBe(400);
    const strangerImage = await book(token, await bookingBody(pair, slot!, { imageIds: [crypto.randomUUID()] }));
    expect(strangerImage.status).toBe(404);
    const strangerMember = await book(token, await bookingBody(pair, slot!, { familyMemberId: crypto.randomUUID() }));
    expect(strangerMember.status).toBe(404);
    expect(await appointmentsCount()).toBe(before);

    const mine = await book(token, await bookingBody(pair, slot!));
    expect(mine.status).toBe(201);
    for (const [method, path] of [
      ['GET', `/v4/appointments/${mine.body.id}`],
      ['PUT', `/v4/appointments/${mine.body.id}/cancel`],
      ['GET', `/v4/appointments/${mine.body.id}/calendar`],
      ['GET', '/v4/appointments/not-a-uuid'],
    ] as const) {
      const reply = await v4(method, path, { token: other.token });
      expect(reply.status, path).toBe(404);
    }
    expect((await v4('GET', `/v4/appointments/${mine.body.id}`, { token })).body.status).toBe('scheduled');
  });
});

describe('cancel and reschedule', () => {
  async function paidBooking(hoursAhead: number, skip = 0) {
    const session = await signUpAndLogin();
    const pair = await findPair('teledental', skip);
    const slot = (await freeSlots(pair, hoursAhead))[0]!;
    const reply = await book(
      session.token,
      await bookingBody(pair, slot, {
        visitType: 'virtual',
        payment: { kind: 'newCard', opaqueData: card('4111111111111111') },
      }),
    );
    expect(reply.status).toBe(201);
    return { ...session, pair, slot, appointment: reply.body };
  }

  it('refunds a cancellation 25 hours ahead, not one 23 hours ahead; a second cancel refunds nothing more', async () => {
    const early = await paidBooking(50);
    const auth = { sessionId: '', userId: early.user.id };
    const start = Date.parse(early.slot.start);
    const refunds = await sandboxCount('refund');
    const canceled = await cancelAppointment(auth, early.appointment.id, 'en', new Date(start - 25 * HOUR));
    expect(canceled.status).toBe('canceled');
    expect(canceled.refund).toMatchObject({ status: 'refunded', amountCents: early.pair.fee });
    const again = await cancelAppointment(auth, early.appointment.id, 'en', new Date(start - 24.5 * HOUR));
    expect(again.refund).toMatchObject({ status: 'refunded' });
    expect(await sandboxCount('refund')).toBe(refunds + 1);

    const late = await paidBooking(50, 1);
    const lateStart = Date.parse(late.slot.start);
    const preview = await v4('GET', `/v4/appointments/${late.appointment.id}`, { token: late.token });
    expect(preview.body.cancelPolicy).toMatchObject({ cancelable: true, refundEligible: true });
    const notEligible = await cancelAppointment(
      { sessionId: '', userId: late.user.id },
      late.appointment.id,
      'en',
      new Date(lateStart - 23 * HOUR),
    );
    expect(notEligible.refund).toMatchObject({ status: 'notEligible', amountCents: 0 });
    expect(await sandboxCount('refund')).toBe(refunds + 1);
  });

  it('frees the slot on cancel over HTTP, and a cancel after the start is refused', async () => {
    const booked = await paidBooking(30, 2);
    const reply = await v4('PUT', `/v4/appointments/${booked.appointment.id}/cancel`, { token: booked.token });
    expect(reply.status).toBe(200);
    expect(reply.body.cancellation).toMatchObject({ by: 'patient', reason: 'patient' });
    expect((await freeSlots(booked.pair, 30)).map((s) => s.start)).toContain(booked.slot.start);
    const twice = await v4('PUT', `/v4/appointments/${booked.appointment.id}/cancel`, { token: booked.token });
    expect(twice.status).toBe(200);
    const canceledTab = await v4('GET', '/v4/appointments?tab=canceled', { token: booked.token });
    expect(canceledTab.body.items[0].id).toBe(booked.appointment.id);
  });

  it('reschedules with the same provider in one change; a taken slot keeps the old booking intact', async () => {
    const booked = await paidBooking(30, 3);
    const [, next, taken] = await freeSlots(booked.pair, 30);
    const other = await signUpAndLogin();
    expect((await book(other.token, await bookingBody(booked.pair, taken!, { patientType: 'existing' }))).status).toBe(
      201,
    );

    const blocked = await v4('PUT', `/v4/appointments/${booked.appointment.id}/reschedule`, {
      token: booked.token,
      body: { officeId: booked.pair.office_id, slotStart: taken!.start },
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.errorCode).toBe('slotTaken');
    expect((await v4('GET', `/v4/appointments/${booked.appointment.id}`, { token: booked.token })).body.start).toBe(
      booked.slot.start,
    );

    const moved = await v4('PUT', `/v4/appointments/${booked.appointment.id}/reschedule`, {
      token: booked.token,
      body: { officeId: booked.pair.office_id, slotStart: next!.start },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ start: next!.start, status: 'scheduled' });
    expect(moved.body.payment.transactionId).toBe(booked.appointment.payment.transactionId);
    const free = (await freeSlots(booked.pair, 30)).map((s) => s.start);
    expect(free).toContain(booked.slot.start);
    expect(free).not.toContain(next!.start);
  });

  it('rebooks with another provider and cancels the old one; a failed payment keeps the old one', async () => {
    const booked = await paidBooking(50, 4);
    const target = await findPair('teledental', 5);
    const [slot] = await freeSlots(target, 30);
    const failing = await book(
      booked.token,
      await bookingBody(target, slot!, {
        visitType: 'virtual',
        rescheduleOf: booked.appointment.id,
        payment: { kind: 'newCard', opaqueData: card('4000000000000002') },
      }),
    );
    expect(failing.status).toBe(402);
    expect((await v4('GET', `/v4/appointments/${booked.appointment.id}`, { token: booked.token })).body.status).toBe(
      'scheduled',
    );

    const rebooked = await book(
      booked.token,
      await bookingBody(target, slot!, {
        visitType: 'virtual',
        rescheduleOf: booked.appointment.id,
        payment: { kind: 'newCard', opaqueData: card('4111111111111111') },
      }),
    );
    expect(rebooked.status).toBe(201);
    expect(rebooked.body.rescheduledFromId).toBe(booked.appointment.id);
    const old = await v4('GET', `/v4/appointments/${booked.appointment.id}`, { token: booked.token });
    expect(old.body.status).toBe('canceled');
    expect(old.body.cancellation.reason).toBe('rescheduled');
  });

  it("answers 404 for rescheduleOf naming another patient's appointment or none, and books nothing", async () => {
    const other = await paidBooking(50, 6);
    const me = await signUpAndLogin();
    const pair = await findPair('inOfficeNew', 3);
    const [slot] = await freeSlots(pair, 30);
    const before = await appointmentsCount();
    for (const rescheduleOf of [other.appointment.id, crypto.randomUUID()]) {
      const reply = await book(me.token, await bookingBody(pair, slot!, { rescheduleOf }));
      expect(reply.status, JSON.stringify(reply.body)).toBe(404);
      expect(reply.body.errorCode).toBe('notFound');
    }
    expect(await appointmentsCount()).toBe(before);
    expect((await v4('GET', `/v4/appointments/${other.appointment.id}`, { token: other.token })).body.status).toBe(
      'scheduled',
    );
  });
});

describe.skipIf(!testServerUrl())('locks on PostgreSQL', () => {
  it('a locked appointment still takes rows that reference it, such as another move offering it a slot', async () => {
    const { token } = await signUpAndLogin();
    const pair = await findPair('inOfficeNew', 4);
    const [slot] = await freeSlots(pair, 30);
    const booked = await book(token, await bookingBody(pair, slot!));
    expect(booked.status).toBe(201);
    // Held in one transaction while the pool's other connection inserts an offer naming the
    // appointment (its foreign key takes a key-share lock). Were that blocked, the insert would
    // wait for the lock's transaction and the transaction for the insert: lock_timeout ends it.
    const offers = await inTransaction(async () => {
      expect(await lockAppointment(booked.body.id)).toBeDefined();
      return database.db.transaction(async (other) => {
        await other.execute(sql`set local lock_timeout = '5s'`);
        return queryRows<{ id: string }>(
          other as unknown as typeof database.db,
          sql`insert into waitlist_offers (appointment_id, office_id, slot_start)
              values (${booked.body.id}, ${pair.office_id}, ${new Date(Date.parse(slot!.start) - HOUR).toISOString()})
              returning id`,
        );
      });
    });
    expect(offers).toHaveLength(1);
  });
});

describe('office API and jobs', () => {
  async function officeKeyFor(officeId: number): Promise<string> {
    // The seed gives the first offices demo keys; any office can have one for the test.
    const key = `test-office-${officeId}-${crypto.randomUUID()}`;
    const { sha256 } = await import('../../security/password');
    await database.db.execute(
      sql`insert into office_api_keys (key_hash, office_id, label) values (${sha256(key)}, ${officeId}, 'test')`,
    );
    return key;
  }

  it('lets the office confirm, check in and mark no-shows by the transition table, with its own key only', async () => {
    const { token } = await signUpAndLogin();
    const pair = await findPair('inOfficeNew', 6);
    const [slot] = await freeSlots(pair, 30);
    const booked = await book(token, await bookingBody(pair, slot!));
    const key = await officeKeyFor(pair.office_id);
    const path = `/v4/office/appointments/${booked.body.id}/status`;

    expect(
      (await v4('PUT', path, { body: { status: 'confirmed' }, headers: { 'x-office-key': 'wrong' } })).status,
    ).toBe(401);
    expect((await v4('PUT', path, { body: { status: 'confirmed' } })).status).toBe(400);
    const otherOffice = await officeKeyFor(pair.office_id + 1);
    expect(
      (await v4('PUT', path, { body: { status: 'confirmed' }, headers: { 'x-office-key': otherOffice } })).status,
    ).toBe(404);

    const confirmed = await v4('PUT', path, { body: { status: 'confirmed' }, headers: { 'x-office-key': key } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    // Not yet started: no check-in, no no-show.
    const early = await v4('PUT', path, { body: { status: 'noShow' }, headers: { 'x-office-key': key } });
    expect(early.status).toBe(409);
    expect(early.body.errorCode).toBe('invalidTransition');

    const start = Date.parse(slot!.start);
    const completed = await setStatusByOffice(
      { key, ip: '192.0.2.1' },
      booked.body.id,
      { status: 'completed' },
      'en',
      new Date(start + 10 * 60_000),
    );
    expect(completed.status).toBe('completed');
    await expect(
      setStatusByOffice({ key, ip: '192.0.2.1' }, booked.body.id, { status: 'canceled' }, 'en', new Date(start + HOUR)),
    ).rejects.toMatchObject({ errorCode: 'invalidTransition' });

    const day = slot!.start.slice(0, 10);
    const list = await v4('GET', `/v4/office/appointments?from=${day}&to=${day}`, { headers: { 'x-office-key': key } });
    expect(list.status).toBe(200);
    expect(list.body.map((a: { id: string }) => a.id)).toContain(booked.body.id);
  });

  it('marks a visit not checked in as No Show after its end, then cancels it a day later; reminders go out once', async () => {
    const { token, email } = await signUpAndLogin();
    const pair = await findPair('inOfficeNew', 7);
    const slots = await freeSlots(pair, 30);
    const slot = slots[slots.length - 1]!; // far enough ahead that the booking is older than 24 hours before it
    const booked = await book(token, await bookingBody(pair, slot));
    const start = Date.parse(slot.start);

    await database.db.execute(
      sql`update appointments set created_at = created_at - interval '30 days' where id = ${booked.body.id}`,
    );
    expect(await sendDueReminders(new Date(start - 23 * HOUR))).toBeGreaterThanOrEqual(1);
    expect(await sendDueReminders(new Date(start - 22 * HOUR))).toBe(0);
    const reminders = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from outbox_emails where to_address = ${email.toLowerCase()} and subject like 'Reminder%'`,
    );
    expect(reminders[0]!.n).toBe(1);

    await sweepNoShows(new Date(start + 30 * 60_000));
    expect((await v4('GET', `/v4/appointments/${booked.body.id}`, { token })).body.status).toBe('scheduled');
    await sweepNoShows(new Date(start + 2.5 * HOUR));
    expect((await v4('GET', `/v4/appointments/${booked.body.id}`, { token })).body.status).toBe('noShow');
    await sweepNoShows(new Date(start + 27 * HOUR));
    const canceled = (await v4('GET', `/v4/appointments/${booked.body.id}`, { token })).body;
    expect(canceled.status).toBe('canceled');
    expect(canceled.cancellation).toMatchObject({ by: 'system', reason: 'noShow' });
  });
});

describe('GET /v4/appointments', () => {
  it('pages a tab and refuses a wrong tab', async () => {
    const { token } = await signUpAndLogin();
    const pair = await findPair('inOfficeNew', 8);
    const slots = (await freeSlots(pair, 30)).slice(0, 3);
    for (const slot of slots) expect((await book(token, await bookingBody(pair, slot))).status).toBe(201);
    const first = await v4('GET', '/v4/appointments?tab=upcoming&page=1&pageSize=2', { token });
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.body.items.map((a: { start: string }) => a.start)).toEqual(slots.slice(0, 2).map((s) => s.start));
    const second = await v4('GET', '/v4/appointments?tab=upcoming&page=2&pageSize=2', { token });
    expect(second.body.items).toHaveLength(1);
    expect((await v4('GET', '/v4/appointments?tab=future', { token })).status).toBe(400);
    expect((await v4('GET', '/v4/appointments')).status).toBe(401);
  });
});

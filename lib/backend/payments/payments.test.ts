import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenizeSandboxCard } from '../../api-client/sandbox-accept';
import { queryRows } from '../../db/raw';
import { seedDiscovery } from '../../db/seed/discovery';
import { useTestDatabase } from '../../testing/test-db';
import { randomIp, signUpAndLogin, v4 } from '../../testing/v4';
import { sandboxGateway } from '../adapters/payments/sandbox-gateway';
import { HOLD_STATUS, insertAppointment } from '../appointments/appointments-repository';
import { insertAttempt } from './payment-attempts-repository';
import { RECONCILE_GRACE_MS, reconcilePayments } from './payment-reconciliation';

/*
 * Paid bookings' records, holds and reconciliation, booking limits, the booking window, video-only
 * offices and a card sent for a free visit (lib/docs/decisions/payments.md). The limits are set
 * low here, before anything reads the server's environment.
 */
process.env.UPCOMING_APPOINTMENTS_PER_PATIENT = '3';
process.env.UPCOMING_APPOINTMENTS_PER_PROVIDER = '2';
process.env.PAYMENT_DECLINES_PER_ACCOUNT_PER_HOUR = '3';
process.env.PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR = '5';
process.env.NEW_CARDS_PER_ACCOUNT_PER_HOUR = '4';

const database = useTestDatabase();
const HOUR = 3_600_000;
const APPROVED = '4111111111111111';
const DECLINED = '4000000000000002';

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 150 });
  });
}, 600_000);

interface Pair {
  provider_id: number;
  office_id: number;
  fee: number;
}

async function pairs(where: 'teledental' | 'inOffice', count: number): Promise<Pair[]> {
  const condition =
    where === 'teledental'
      ? sql`po.offers_teledental and o.teledental_payment_ready and p.teledental_fee_cents > 0`
      : sql`true`;
  return queryRows<Pair>(
    database.db,
    sql`select po.provider_id, po.office_id, p.teledental_fee_cents as fee
          from provider_offices po join offices o on o.id = po.office_id join providers p on p.id = po.provider_id
         where po.accepts_new_patients and ${condition} and jsonb_array_length(o.business_hours) >= 5 and cardinality(po.working_days) >= 4
         order by po.provider_id, po.office_id limit ${count}`,
  );
}

/** A provider at an office no other test of this file uses, so their slots and limits stay apart. */
async function freshPair(where: 'teledental' | 'inOffice'): Promise<Pair> {
  const list = await pairs(where, 60);
  const used = new Set(taken);
  const pair = list.find((p) => !used.has(p.provider_id))!;
  taken.push(pair.provider_id);
  return pair;
}
const taken: number[] = [];

async function freeSlots(pair: Pair, hoursAhead = 30): Promise<string[]> {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const reply = await v4(
    'GET',
    `/v4/providers/${pair.provider_id}/slots?officeId=${pair.office_id}&from=${from}&to=${to}`,
  );
  expect(reply.status).toBe(200);
  return (reply.body.days as { morning: { start: string }[]; afternoon: { start: string }[] }[])
    .flatMap((d) => [...d.morning, ...d.afternoon])
    .map((s) => s.start)
    .filter((s) => Date.parse(s) >= Date.now() + hoursAhead * HOUR);
}

function card(number: string) {
  const answer = tokenizeSandboxCard({
    cardNumber: number,
    month: '12',
    year: String(new Date().getFullYear() + 2),
    cardCode: '123',
  });
  return answer.opaqueData!;
}

async function reasonId(): Promise<number> {
  const [row] = await queryRows<{ id: number }>(database.db, sql`select id from visit_reasons order by id limit 1`);
  return row!.id;
}

async function body(pair: Pair, slotStart: string, overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: crypto.randomUUID(),
    providerId: pair.provider_id,
    officeId: pair.office_id,
    slotStart,
    visitType: 'inOffice',
    visitReasonId: await reasonId(),
    patientType: 'new',
    notes: 'A visit.',
    acceptTerms: true,
    ...overrides,
  };
}

const paid = (number: string) => ({
  visitType: 'virtual',
  payment: { kind: 'newCard', opaqueData: card(number), saveCard: false },
});

async function book(token: string, payload: Record<string, unknown>, ip?: string, language?: string) {
  return v4('POST', '/v4/appointments', { token, body: payload, ip, language });
}

const attemptsOf = (userId: string) =>
  queryRows<{
    id: string;
    state: string;
    reference: string;
    transaction_id: string | null;
    failure: string | null;
    appointment_id: string | null;
  }>(
    database.db,
    sql`select id, state, reference, transaction_id, failure, appointment_id from payment_attempts where patient_user_id = ${userId} order by created_at`,
  );

const chargeStatus = async (reference: string) =>
  (
    await queryRows<{ status: string }>(
      database.db,
      sql`select status from sandbox_payments where kind = 'charge' and reference = ${reference}`,
    )
  )[0]?.status;

const userIdOf = async (email: string) =>
  (
    await queryRows<{ id: string }>(
      database.db,
      sql`select id from patient_app_users where lower(email) = lower(${email})`,
    )
  )[0]!.id;

describe('paid bookings: the attempt is recorded before the charge', () => {
  it('completes the attempt with the charge the appointment shows; a decline fails it and frees the slot', async () => {
    const pair = await freshPair('teledental');
    const [slot] = await freeSlots(pair);
    const patient = await signUpAndLogin();
    const userId = await userIdOf(patient.email);

    const declined = await book(patient.token, await body(pair, slot!, paid(DECLINED)));
    expect(declined.status).toBe(402);
    const [failed] = await attemptsOf(userId);
    expect(failed).toMatchObject({ state: 'failed', failure: 'declined', transaction_id: null });
    expect(await chargeStatus(failed!.reference)).toBeUndefined();
    // The hold went with the decline: the slot is offered and bookable again.
    expect(await freeSlots(pair)).toContain(slot);

    const ok = await book(patient.token, await body(pair, slot!, paid(APPROVED)));
    expect(ok.status).toBe(201);
    const [, completed] = await attemptsOf(userId);
    expect(completed).toMatchObject({ state: 'completed', appointment_id: ok.body.id });
    expect(completed!.transaction_id).toBe(ok.body.payment.transactionId);
    expect(await chargeStatus(completed!.reference)).toBe('captured');
  });

  it('refuses a card sent with a visit that costs nothing, in the patient’s language, writing nothing', async () => {
    const pair = await freshPair('inOffice');
    const [slot] = await freeSlots(pair);
    const patient = await signUpAndLogin();
    const reply = await book(
      patient.token,
      await body(pair, slot!, { payment: { kind: 'newCard', opaqueData: card(APPROVED), saveCard: false } }),
      undefined,
      'es',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual([
      { path: 'payment', message: 'Esta consulta no tiene costo; no envíe una tarjeta.' },
    ]);
    expect(await attemptsOf(await userIdOf(patient.email))).toEqual([]);
  });
});

describe('holds', () => {
  it('an expired hold no longer blocks the slot: it is listed, and the next booking releases it', async () => {
    const pair = await freshPair('teledental');
    const [slot] = await freeSlots(pair);
    const first = await signUpAndLogin();
    const firstId = await userIdOf(first.email);
    const holdId = await insertAppointment({
      ...(await holdRow(pair, slot!, firstId)),
      holdExpiresAt: new Date(Date.now() + 5 * 60_000),
    });
    expect(await freeSlots(pair)).not.toContain(slot);
    await queryRows(
      database.db,
      sql`update appointments set hold_expires_at = now() - interval '1 second' where id = ${holdId}`,
    );
    expect(await freeSlots(pair)).toContain(slot);
    // The patient who held it does not see it anywhere.
    expect((await v4('GET', `/v4/appointments/${holdId}`, { token: first.token })).status).toBe(404);
    expect((await v4('GET', '/v4/appointments?tab=upcoming', { token: first.token })).body.total).toBe(0);

    const second = await signUpAndLogin();
    expect((await book(second.token, await body(pair, slot!))).status).toBe(201);
    expect(await queryRows(database.db, sql`select id from appointments where id = ${holdId}`)).toEqual([]);
  });
});

async function holdRow(pair: Pair, slot: string, userId: string) {
  return {
    patientUserId: userId,
    providerId: pair.provider_id,
    officeId: pair.office_id,
    startsAt: new Date(slot),
    endsAt: new Date(Date.parse(slot) + HOUR),
    timeZone: 'UTC',
    visitType: 'virtual' as const,
    visitReasonId: await reasonId(),
    patientType: 'new' as const,
    notes: 'Held.',
    language: 'en' as const,
    feeCents: pair.fee,
    idempotencyKey: crypto.randomUUID(),
    requestHash: 'x',
    status: HOLD_STATUS as typeof HOLD_STATUS,
  };
}

describe('reconciliation', () => {
  /** What a process that died mid-booking leaves: a hold, a started attempt, maybe a charge. */
  async function leftBehind(charged: boolean) {
    const pair = await freshPair('teledental');
    const [slot] = await freeSlots(pair);
    const patient = await signUpAndLogin();
    const userId = await userIdOf(patient.email);
    const appointmentId = await insertAppointment({
      ...(await holdRow(pair, slot!, userId)),
      holdExpiresAt: new Date(Date.now() + 5 * 60_000),
    });
    const attempt = await insertAttempt({
      reference: crypto.randomUUID(),
      patientUserId: userId,
      appointmentId,
      providerId: pair.provider_id,
      officeId: pair.office_id,
      slotStart: new Date(slot!),
      amountCents: pair.fee,
      gateway: 'sandbox',
    });
    if (charged) {
      await sandboxGateway.charge({
        amountCents: pair.fee,
        source: { kind: 'token', card: card(APPROVED) },
        reference: attempt.reference,
        description: 'test',
        customerId: userId,
      });
    }
    return { attempt, appointmentId, userId, patient };
  }

  const later = () => new Date(Date.now() + RECONCILE_GRACE_MS + 60_000);

  it('leaves attempts younger than the grace period alone', async () => {
    const { attempt } = await leftBehind(true);
    await reconcilePayments(new Date());
    expect(
      (
        await queryRows<{ state: string }>(
          database.db,
          sql`select state from payment_attempts where id = ${attempt.id}`,
        )
      )[0]!.state,
    ).toBe('started');
    // Settled by the next tests' runs.
    await reconcilePayments(later());
  });

  it('charged with the hold still there: completes the booking, once', async () => {
    const { attempt, appointmentId, patient } = await leftBehind(true);
    const counts = await reconcilePayments(later());
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    const [row] = await queryRows<{ status: string; transaction_id: string; hold_expires_at: Date | null }>(
      database.db,
      sql`select status, transaction_id, hold_expires_at from appointments where id = ${appointmentId}`,
    );
    expect(row).toMatchObject({ status: 'scheduled', hold_expires_at: null });
    expect(await chargeStatus(attempt.reference)).toBe('captured');
    const reply = await v4('GET', `/v4/appointments/${appointmentId}`, { token: patient.token });
    expect(reply.status).toBe(200);
    expect(reply.body.payment.transactionId).toBe(row!.transaction_id);
    // A second run finds nothing left to do.
    expect(await reconcilePayments(later())).toEqual({ completed: 0, voided: 0, failed: 0, retry: 0 });
  });

  it('charged but the hold is gone: voids the charge', async () => {
    const { attempt, appointmentId } = await leftBehind(true);
    await queryRows(database.db, sql`delete from appointments where id = ${appointmentId}`);
    await reconcilePayments(later());
    expect(await chargeStatus(attempt.reference)).toBe('voided');
    expect(
      (
        await queryRows<{ state: string }>(
          database.db,
          sql`select state from payment_attempts where id = ${attempt.id}`,
        )
      )[0]!.state,
    ).toBe('voided');
  });

  it('never charged: fails the attempt and releases the hold', async () => {
    const { attempt, appointmentId } = await leftBehind(false);
    await reconcilePayments(later());
    expect(
      (
        await queryRows<{ state: string; failure: string }>(
          database.db,
          sql`select state, failure from payment_attempts where id = ${attempt.id}`,
        )
      )[0],
    ).toEqual({
      state: 'failed',
      failure: 'neverCharged',
    });
    expect(await queryRows(database.db, sql`select id from appointments where id = ${appointmentId}`)).toEqual([]);
  });
});

describe('booking limits', () => {
  it('upcoming appointments per provider and per patient; a family member has a budget of their own', async () => {
    const [a, b] = [await freshPair('inOffice'), await freshPair('inOffice')];
    const slotsA = await freeSlots(a);
    const slotsB = await freeSlots(b);
    const patient = await signUpAndLogin();
    expect((await book(patient.token, await body(a, slotsA[0]!))).status).toBe(201);
    expect((await book(patient.token, await body(a, slotsA[1]!))).status).toBe(201);
    const third = await book(patient.token, await body(a, slotsA[2]!));
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ errorCode: 'bookingLimitReached' });
    expect(third.body.message).toContain('this provider');

    // Slots of B that do not clash with the patient's own two.
    const apart = slotsB.filter((s) => s !== slotsA[0] && s !== slotsA[1]);
    expect((await book(patient.token, await body(b, apart[0]!))).status).toBe(201);
    const fourth = await book(patient.token, await body(b, apart[1]!), undefined, 'es');
    expect(fourth.status).toBe(409);
    expect(fourth.body.errorCode).toBe('bookingLimitReached');
    expect(fourth.body.message).toMatch(/citas próximas/);

    const child = await v4('POST', '/v4/family', {
      token: patient.token,
      body: { firstName: 'Leo', lastName: 'Tester', relationship: 'child', gender: 'male', dateOfBirth: '2019-03-08' },
    });
    expect(child.status).toBe(201);
    expect((await book(patient.token, await body(b, apart[1]!, { familyMemberId: child.body.id }))).status).toBe(201);
  });

  it('declines per account: points are taken before the charge, so concurrent tries never pass the budget; then 429 with Retry-After', async () => {
    const pair = await freshPair('teledental');
    const slots = await freeSlots(pair);
    const patient = await signUpAndLogin();
    const replies = await Promise.all(
      slots.slice(0, 6).map(async (slot) =>
        book(
          patient.token,
          await body(pair, slot, {
            visitType: 'virtual',
            payment: { kind: 'newCard', opaqueData: card(DECLINED), saveCard: false },
          }),
        ),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 402).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    const refused = replies.find((r) => r.status === 429)!;
    expect(refused.body.errorCode).toBe('tooManyAttempts');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing more reaches the gateway this hour, not even a good card.
    expect((await book(patient.token, await body(pair, slots[7]!, paid(APPROVED)))).status).toBe(429);
  });

  it('an approved charge is not a decline; declines per address count across accounts', async () => {
    const pair = await freshPair('teledental');
    const slots = await freeSlots(pair);
    const ip = randomIp();
    const one = await signUpAndLogin();
    // Approved payments give their point back: more of them than the decline budget go through
    // (two, the per-provider limit; the budget is three, so two declines then still pass).
    expect((await book(one.token, await body(pair, slots[0]!, paid(APPROVED)), ip)).status).toBe(201);
    expect((await book(one.token, await body(pair, slots[1]!, paid(APPROVED)), ip)).status).toBe(201);
    // Declines with another provider (the patient's two upcoming visits with this one are its limit).
    const other = await freshPair('teledental');
    const otherSlot = (await freeSlots(other)).find((s) => s !== slots[0] && s !== slots[1])!;
    expect((await book(one.token, await body(other, otherSlot, paid(DECLINED)), ip)).status).toBe(402);
    expect((await book(one.token, await body(other, otherSlot, paid(DECLINED)), ip)).status).toBe(402);
    const two = await signUpAndLogin();
    expect((await book(two.token, await body(other, otherSlot, paid(DECLINED)), ip)).status).toBe(402);
    expect((await book(two.token, await body(other, otherSlot, paid(DECLINED)), ip)).status).toBe(402);
    expect((await book(two.token, await body(other, otherSlot, paid(DECLINED)), ip)).status).toBe(402);
    // The address has used its five; a third account from it is refused, elsewhere it is not.
    const three = await signUpAndLogin();
    expect((await book(three.token, await body(other, otherSlot, paid(DECLINED)), ip)).status).toBe(429);
    expect((await book(three.token, await body(other, otherSlot, paid(DECLINED)))).status).toBe(402);
  });

  it('new cards per account per hour, whatever their outcome', async () => {
    const pair = await freshPair('teledental');
    const slots = await freeSlots(pair);
    const patient = await signUpAndLogin();
    // Two approved (the per-provider limit), then declines up to the new-card budget of four.
    expect((await book(patient.token, await body(pair, slots[0]!, paid(APPROVED)))).status).toBe(201);
    expect((await book(patient.token, await body(pair, slots[1]!, paid(APPROVED)))).status).toBe(201);
    const other = await freshPair('teledental');
    const otherSlots = (await freeSlots(other)).filter((s) => s !== slots[0] && s !== slots[1]);
    expect((await book(patient.token, await body(other, otherSlots[0]!, paid(DECLINED)))).status).toBe(402);
    expect((await book(patient.token, await body(other, otherSlots[0]!, paid(DECLINED)))).status).toBe(402);
    const fifth = await book(patient.token, await body(other, otherSlots[0]!, paid(APPROVED)));
    expect(fifth.status).toBe(429);
    expect(fifth.body.errorCode).toBe('tooManyAttempts');
  });
});

describe('the booking window and the office’s visit types', () => {
  it('refuses a slot further ahead than the slot listing goes, like an unavailable slot', async () => {
    const pair = await freshPair('inOffice');
    const patient = await signUpAndLogin();
    const far = await book(patient.token, await body(pair, '9999-12-31T10:00:00Z'));
    expect(far.status).toBe(409);
    expect(far.body.errorCode).toBe('providerUnavailable');
    const [slot] = await freeSlots(pair);
    const nextYear = new Date(Date.parse(slot!) + 371 * 86_400_000).toISOString();
    expect((await book(patient.token, await body(pair, nextYear))).body.errorCode).toBe('providerUnavailable');
    // The listing refuses the same days.
    const day = nextYear.slice(0, 10);
    expect(
      (await v4('GET', `/v4/providers/${pair.provider_id}/slots?officeId=${pair.office_id}&from=${day}`)).status,
    ).toBe(400);
  });

  it('refuses an in-office visit where the provider sees patients by video only, in the patient’s language', async () => {
    const pair = await freshPair('teledental');
    const [slot] = await freeSlots(pair);
    await queryRows(
      database.db,
      sql`update provider_offices set offers_in_office = false where provider_id = ${pair.provider_id} and office_id = ${pair.office_id}`,
    );
    const patient = await signUpAndLogin();
    const reply = await book(patient.token, await body(pair, slot!), undefined, 'es');
    expect(reply.status).toBe(412);
    expect(reply.body).toEqual({
      errorCode: 'inOfficeUnavailable',
      message: 'Este profesional atiende en este consultorio solo por video. Elija una consulta de teleodontología.',
    });
    // A video visit there is still taken.
    expect((await book(patient.token, await body(pair, slot!, paid(APPROVED)))).status).toBe(201);
  });
});

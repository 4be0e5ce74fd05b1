import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { tokenizeSandboxCard } from '../../api-client/sandbox-accept';
import { queryRows } from '../../db/raw';
import { seedDiscovery } from '../../db/seed/discovery';
import { useTestDatabase } from '../../testing/test-db';
import { login, randomIp, signUp, signUpAndLogin, signUpBody, v4 } from '../../testing/v4';
import { dispatchV4 } from '../api/dispatch';
import { authenticate } from '../auth/auth-service';
import { GRACE_MS, deleteAccount, purgeDeletedAccounts } from './account-service';

/*
 * PUT /v4/deleteFadAccount on PGlite and PostgreSQL: consent, canceling upcoming
 * appointments under the 24-hour refund rule, saved cards removed at the gateway, every session
 * ended, restore by logging in within the grace period, and the purge after it. Time is passed
 * in as `now`, never waited for.
 */

const database = useTestDatabase();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 120 });
  });
});

interface Pair {
  provider_id: number;
  office_id: number;
}

async function teledentalPair(skip = 0): Promise<Pair> {
  const rows = await queryRows<Pair>(
    database.db,
    sql`select po.provider_id, po.office_id
          from provider_offices po join offices o on o.id = po.office_id join providers p on p.id = po.provider_id
         where po.offers_teledental and o.teledental_payment_ready and po.accepts_new_patients and p.teledental_fee_cents > 0
           and jsonb_array_length(o.business_hours) >= 5 and cardinality(po.working_days) >= 4
         order by po.provider_id, po.office_id offset ${skip} limit 1`,
  );
  return rows[0]!;
}

async function freeSlots(pair: Pair): Promise<string[]> {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 13 * DAY).toISOString().slice(0, 10);
  const reply = await v4(
    'GET',
    `/v4/providers/${pair.provider_id}/slots?officeId=${pair.office_id}&from=${from}&to=${to}`,
  );
  const all: { start: string }[] = reply.body.days.flatMap(
    (d: { morning: { start: string }[]; afternoon: { start: string }[] }) => [...d.morning, ...d.afternoon],
  );
  return all.map((s) => s.start).filter((start) => Date.parse(start) > Date.now() + 2 * HOUR);
}

function opaque(number = '4111111111111111') {
  return tokenizeSandboxCard({
    cardNumber: number,
    month: '12',
    year: String(new Date().getFullYear() + 2),
    cardCode: '123',
  }).opaqueData!;
}

async function book(
  token: string,
  pair: Pair,
  slotStart: string,
  visitType: 'virtual' | 'inOffice',
  familyMemberId?: string,
) {
  const [reason] = await queryRows<{ id: number }>(database.db, sql`select id from visit_reasons order by id limit 1`);
  const reply = await v4('POST', '/v4/appointments', {
    token,
    body: {
      idempotencyKey: crypto.randomUUID(),
      providerId: pair.provider_id,
      officeId: pair.office_id,
      slotStart,
      visitType,
      visitReasonId: reason!.id,
      patientType: 'new',
      notes: 'Sharp pain when chewing.',
      acceptTerms: true,
      ...(familyMemberId ? { familyMemberId } : {}),
      ...(visitType === 'virtual' ? { payment: { kind: 'newCard', opaqueData: opaque() } } : {}),
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as { id: string; feeCents: number };
}

async function uploadImage(token: string): Promise<string> {
  const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const data = new FormData();
  data.set('purpose', 'teeth');
  data.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'tooth.png');
  const response = await dispatchV4(
    new Request('http://test/v4/images', {
      method: 'POST',
      body: data,
      headers: { 'x-auth-token': token, 'x-forwarded-for': randomIp() },
      duplex: 'half',
    } as RequestInit),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }[])[0]!.id;
}

const appointmentRow = async (id: string) =>
  (
    await queryRows<{
      status: string;
      cancel_reason: string | null;
      refund_status: string | null;
      refund_amount_cents: number | null;
      notes: string;
    }>(
      database.db,
      sql`select status, cancel_reason, refund_status, refund_amount_cents, notes from appointments where id = ${id}`,
    )
  )[0]!;

const userRow = async (id: string) =>
  (
    await queryRows<{
      email: string;
      first_name: string;
      phone_number: string;
      street_address: string;
      date_of_birth: string;
      deleted_at: Date | null;
      purge_after: Date | null;
    }>(
      database.db,
      sql`select email, first_name, phone_number, street_address, date_of_birth::text, deleted_at, purge_after from patient_app_users where id = ${id}`,
    )
  )[0]!;

const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(database.db, query))[0]!.n;

describe('PUT /v4/deleteFadAccount', () => {
  it('changes nothing without consent=true: missing, false, another value or an unknown parameter answer 400', async () => {
    const { token } = await signUpAndLogin();
    for (const [query, status] of [
      ['', 400],
      ['?consent=false', 400],
      ['?consent=yes', 400],
      ['?consent=true&consent=true', 400],
      ['?consent=true&force=1', 400],
    ] as const) {
      const reply = await v4('PUT', `/v4/deleteFadAccount${query}`, { token, language: 'sp' });
      expect(reply.status, query).toBe(status);
      expect(reply.body.errorCode, query).toBe('badRequest');
      expect(reply.body.message).not.toMatch(/\berror\b|stack/i);
    }
    const missing = await v4('PUT', '/v4/deleteFadAccount', { token, language: 'sp' });
    expect(missing.body.fields).toEqual([{ path: 'consent', message: es.validation.required }]);
    const refused = await v4('PUT', '/v4/deleteFadAccount?consent=false', { token });
    expect(refused.body.fields).toEqual([{ path: 'consent', message: en.validation.invalid }]);
    // Still a live account with a live session.
    expect((await v4('GET', '/v4/patientAppUser', { token })).status).toBe(200);
    expect((await v4('PUT', '/v4/deleteFadAccount?consent=true')).status).toBe(401);
  });

  it('cancels upcoming appointments under the 24-hour rule, removes saved cards, signs out everywhere; another patient keeps everything', async () => {
    const account = await signUpAndLogin();
    const second = await login(account.email, account.password);
    const other = await signUpAndLogin();
    const pair = await teledentalPair();
    const [early, , late, , inOffice, , othersSlot] = await freeSlots(pair);
    expect(othersSlot).toBeDefined();
    const soon = await book(account.token, pair, early!, 'virtual');
    const later = await book(account.token, pair, late!, 'virtual');
    const visit = await book(account.token, pair, inOffice!, 'inOffice');
    const othersVisit = await book(other.token, pair, othersSlot!, 'inOffice');
    expect(
      (await v4('POST', '/v4/cards', { token: account.token, body: { opaqueData: opaque('5424000000000015') } }))
        .status,
    ).toBe(201);
    const othersCard = await v4('POST', '/v4/cards', { token: other.token, body: { opaqueData: opaque() } });

    // "Now" is 23 hours before the first visit: that one is not refunded, the later ones are.
    const now = new Date(Date.parse(early!) - 23 * HOUR);
    expect(Date.parse(late!) - now.getTime()).toBeGreaterThanOrEqual(24 * HOUR);
    const auth = await authenticate(account.token);
    const answer = await deleteAccount(auth, { consent: 'true' }, 'en', now);
    expect(answer).toMatchObject({
      canceledAppointments: 3,
      restorableUntil: new Date(now.getTime() + GRACE_MS).toISOString(),
    });
    expect(answer.message).toContain('Log in before');

    expect(await appointmentRow(soon.id)).toMatchObject({
      status: 'canceled',
      cancel_reason: 'accountDeleted',
      refund_status: 'notEligible',
      refund_amount_cents: 0,
    });
    expect(await appointmentRow(later.id)).toMatchObject({
      status: 'canceled',
      cancel_reason: 'accountDeleted',
      refund_status: 'refunded',
      refund_amount_cents: later.feeCents,
    });
    expect(await appointmentRow(visit.id)).toMatchObject({ status: 'canceled', refund_status: 'notApplicable' });
    expect(await appointmentRow(othersVisit.id)).toMatchObject({ status: 'scheduled', cancel_reason: null });

    expect(await count(sql`select count(*)::int as n from payment_cards where user_id = ${auth.userId}`)).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from sandbox_payments where kind = 'card' and id = ${othersCard.body.id}`,
      ),
    ).toBe(0);
    expect((await v4('GET', '/v4/cards', { token: other.token })).body).toHaveLength(1);
    // Both of the patient's sessions are gone; the other patient's is not.
    expect((await v4('GET', '/v4/patientAppUser', { token: account.token })).status).toBe(401);
    expect((await v4('GET', '/v4/patientAppUser', { token: String(second.body.token) })).status).toBe(401);
    expect((await v4('GET', '/v4/patientAppUser', { token: other.token })).status).toBe(200);

    const row = await userRow(auth.userId);
    expect(row.deleted_at).not.toBeNull();
    expect(row.email).toBe(account.email.toLowerCase());
    const mails = await queryRows<{ subject: string }>(
      database.db,
      sql`select subject from outbox_emails where to_address = ${account.email.toLowerCase()} order by id`,
    );
    expect(mails.map((m) => m.subject)).toContain(en.deleteAccount.email.subject);
    expect(mails.filter((m) => m.subject.startsWith('Canceled:'))).toHaveLength(3);
  });

  it('restores the account on login within the grace period; sign-up with its email is refused meanwhile', async () => {
    const { email, password, token } = await signUpAndLogin();
    expect((await v4('PUT', '/v4/deleteFadAccount?consent=true', { token, language: 'sp' })).body.message).toContain(
      'Inicie sesión antes del',
    );
    expect((await v4('POST', '/v4/patientAppUser', { body: signUpBody({ email }) })).status).toBe(412);
    // Deleting again with the ended session: 401, nothing else.
    expect((await v4('PUT', '/v4/deleteFadAccount?consent=true', { token })).status).toBe(401);

    const wrong = await login(email, 'Wrong1234');
    expect(wrong.status).toBe(401);
    const back = await login(email, password);
    expect(back.status).toBe(200);
    expect(back.body.accountRestored).toBe(true);
    const me = await v4('GET', '/v4/patientAppUser', { token: String(back.body.token) });
    expect(me.status).toBe(200);
    const row = await userRow(String(me.body[0].id));
    expect(row).toMatchObject({ deleted_at: null, purge_after: null });
    // An ordinary login afterwards says nothing about restoring.
    const again = await login(email, password);
    expect(again.status).toBe(200);
    expect(again.body.accountRestored).toBeUndefined();
  });

  it('after the grace period: no login, then the purge anonymises the person, keeps the books and frees the email', async () => {
    const { email, password, token } = await signUpAndLogin();
    const auth = await authenticate(token);
    const pair = await teledentalPair(1);
    const slots = await freeSlots(pair);
    const member = await v4('POST', '/v4/family', {
      token,
      body: {
        firstName: 'Lia',
        lastName: 'Tester',
        relationship: 'child',
        gender: 'female',
        dateOfBirth: '2018-02-03',
      },
    });
    const unbooked = await v4('POST', '/v4/family', {
      token,
      body: { firstName: 'Tom', lastName: 'Tester', relationship: 'spouse', gender: 'male', dateOfBirth: '1985-02-03' },
    });
    const visit = await book(token, pair, slots[0]!, 'virtual', String(member.body.id));
    await uploadImage(token);
    await v4('PUT', `/v4/favorites/providers/${pair.provider_id}`, { token });

    const now = new Date();
    await deleteAccount(auth, { consent: 'true' }, 'en', now);
    // Nothing happens before the grace period ends.
    // (Accounts of other tests may be due; only this one is looked at.)
    await purgeDeletedAccounts(new Date(now.getTime() + GRACE_MS - 60_000));
    expect((await userRow(auth.userId)).email).toBe(email.toLowerCase());

    // Past it, before the job: the account cannot log in, not even to restore.
    await database.db.execute(
      sql`update patient_app_users set purge_after = ${new Date(Date.now() - 1000).toISOString()} where id = ${auth.userId}`,
    );
    const late = await login(email, password);
    expect(late.status).toBe(401);
    expect(late.body.errorCode).toBe('wrongCredentials');

    expect(await purgeDeletedAccounts(new Date(now.getTime() + GRACE_MS + 1000))).toBeGreaterThanOrEqual(1);
    const row = await userRow(auth.userId);
    expect(row).toMatchObject({
      email: `deleted+${auth.userId}@deleted.invalid`,
      first_name: 'Deleted',
      phone_number: '',
      street_address: '',
      date_of_birth: '1900-01-01',
      purge_after: null,
    });
    expect(row.deleted_at).not.toBeNull();
    // The appointment stays for the books, without its notes; the member it names is anonymous, the other is gone.
    expect(await appointmentRow(visit.id)).toMatchObject({
      status: 'canceled',
      cancel_reason: 'accountDeleted',
      notes: '',
    });
    const members = await queryRows<{ id: string; first_name: string }>(
      database.db,
      sql`select id, first_name from family_members where owner_id = ${auth.userId}`,
    );
    expect(members).toEqual([{ id: member.body.id, first_name: 'Deleted' }]);
    expect(members.map((m) => m.id)).not.toContain(unbooked.body.id);
    expect(await count(sql`select count(*)::int as n from images where owner_id = ${auth.userId}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from favorites where user_id = ${auth.userId}`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from outbox_emails where to_address = ${email.toLowerCase()}`),
    ).toBe(0);

    // The email signs up anew, as a different account; the old password opens nothing.
    expect((await login(email, password)).status).toBe(401);
    const fresh = await signUp({ email });
    expect(fresh.user.id).not.toBe(auth.userId);
    // Running the job again changes nothing more.
    await purgeDeletedAccounts(new Date(now.getTime() + GRACE_MS + 2000));
    expect((await userRow(auth.userId)).email).toBe(`deleted+${auth.userId}@deleted.invalid`);
  });

  it('a restored account is not purged by a job run that had already listed it', async () => {
    const { email, password, token } = await signUpAndLogin();
    const auth = await authenticate(token);
    const now = new Date();
    await deleteAccount(auth, { consent: 'true' }, 'en', now);
    expect((await login(email, password)).body.accountRestored).toBe(true);
    await purgeDeletedAccounts(new Date(now.getTime() + GRACE_MS + 1000));
    expect(await userRow(auth.userId)).toMatchObject({ email: email.toLowerCase(), deleted_at: null });
  });
});

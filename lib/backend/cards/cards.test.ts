import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { tokenizeSandboxCard } from '../../api-client/sandbox-accept';
import { paymentMethodSchema } from '../../contracts/cards';
import { ERROR_CODES } from '../../contracts/errors';
import { inTransaction } from '../../db/transaction';
import { ApiError } from '../../http/errors';
import { countRows, queryRows, useTestDatabase } from '../../testing/test-db';
import { signUpAndLogin, v4 } from '../../testing/v4';
import { PaymentError, type OpaqueCard, type PaymentFailure } from '../adapters/payments/payment-gateway';
import { paymentGateway } from '../adapters/payments/payment-adapter';
import { sandboxGateway } from '../adapters/payments/sandbox-gateway';
import { chargeSourceFor } from './cards-service';
import { paymentApiError } from './payment-errors';

/* GET/POST/PUT/DELETE /v4/cards: saved cards on the (sandbox) gateway, and chargeSourceFor for booking. */

const database = useTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
});

const nextYear = String(new Date().getFullYear() + 1);
/** Opaque data from the browser-side sandbox tokeniser, as the payment form would send. */
function token(cardNumber: string, cardCode = /^3[47]/.test(cardNumber) ? '1234' : '123'): OpaqueCard {
  const response = tokenizeSandboxCard({ cardNumber, month: '12', year: nextYear, cardCode });
  expect(response.messages.resultCode).toBe('Ok');
  return response.opaqueData!;
}

async function patient() {
  const account = await signUpAndLogin();
  const me = (await v4('GET', '/v4/patientAppUser', { token: account.token })).body[0];
  return { token: account.token, userId: String(me.id), email: String(me.email) };
}

async function save(authToken: string, cardNumber: string, isPrimary?: boolean) {
  const reply = await v4('POST', '/v4/cards', {
    token: authToken,
    body: { opaqueData: token(cardNumber), ...(isPrimary === undefined ? {} : { isPrimary }) },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as { id: string; brand: string; last4: string; isPrimary: boolean; createdAt: string };
}

const list = async (authToken: string) => {
  const reply = await v4('GET', '/v4/cards', { token: authToken });
  expect(reply.status).toBe(200);
  return reply.body as { id: string; last4: string; isPrimary: boolean }[];
};
const shown = async (authToken: string) => (await list(authToken)).map((c) => `${c.last4}${c.isPrimary ? '*' : ''}`);

const cardRows = () => queryRows<Record<string, unknown>>(database.db, sql`select * from payment_cards order by id`);
const gatewayCards = () => countRows(database.db, 'sandbox_payments');

let charges = 0;
const chargeWith = (source: Awaited<ReturnType<typeof chargeSourceFor>>['source']) =>
  paymentGateway().charge({
    amountCents: 4500,
    source,
    reference: `cards-test-${process.pid}-${++charges}`,
    description: 'Visit',
    customerId: 'x',
  });

describe('saved cards', () => {
  it('saves cards (the first becomes the default and creates the gateway customer), lists default first then newest', async () => {
    const me = await patient();
    expect(await list(me.token)).toEqual([]);

    const visa = await save(me.token, '4111111111111111');
    expect(visa).toEqual({
      id: expect.any(String),
      brand: 'visa',
      last4: '1111',
      isPrimary: true,
      createdAt: expect.any(String),
    });
    const [customer] = await queryRows<{ customer_profile_id: string; gateway: string }>(
      database.db,
      sql`select customer_profile_id, gateway from payment_customers where user_id = ${me.userId}`,
    );
    expect(customer?.gateway).toBe('sandbox');

    const master = await save(me.token, '5424000000000015');
    expect(master).toMatchObject({ brand: 'mastercard', last4: '0015', isPrimary: false });
    const amex = await save(me.token, '378282246310005', false);
    expect(amex).toMatchObject({ brand: 'american-express', last4: '0005', isPrimary: false });
    expect(await shown(me.token)).toEqual(['1111*', '0005', '0015']);

    // Later cards join the same customer profile.
    const profiles = await queryRows<{ customer_profile_id: string }>(
      database.db,
      sql`select distinct customer_profile_id from payment_cards where user_id = ${me.userId}`,
    );
    expect(profiles).toEqual([{ customer_profile_id: customer!.customer_profile_id }]);
    expect(await countRows(database.db, 'payment_customers')).toBeGreaterThanOrEqual(1);
  });

  it('switches the default between two cards: isPrimary on save, then PUT /default, one default at a time', async () => {
    const me = await patient();
    const first = await save(me.token, '4111111111111111');
    const second = await save(me.token, '6011000000000012', true);
    expect(second.isPrimary).toBe(true);
    expect(await shown(me.token)).toEqual(['0012*', '1111']);

    const switched = await v4('PUT', `/v4/cards/${first.id}/default`, { token: me.token });
    expect(switched.status).toBe(200);
    expect(
      switched.body.map((c: { last4: string; isPrimary: boolean }) => `${c.last4}${c.isPrimary ? '*' : ''}`),
    ).toEqual(['1111*', '0012']);
    // Making the default the default again changes nothing.
    expect((await v4('PUT', `/v4/cards/${first.id}/default`, { token: me.token })).body).toEqual(switched.body);
    const defaults = await queryRows<{ n: number | string }>(
      database.db,
      sql`select count(*) as n from payment_cards where user_id = ${me.userId} and is_primary`,
    );
    expect(Number(defaults[0]!.n)).toBe(1);
  });

  it('deletes a card at the gateway and here; deleting the default makes the newest remaining card the default', async () => {
    const me = await patient();
    const oldest = await save(me.token, '4111111111111111');
    const middle = await save(me.token, '5424000000000015');
    const newest = await save(me.token, '6011000000000012');
    expect(await shown(me.token)).toEqual(['1111*', '0012', '0015']);
    const atGateway = await gatewayCards();
    const { source: oldestProfile } = await chargeSourceFor(
      me,
      paymentMethodSchema.parse({ kind: 'savedCard', cardId: oldest.id }),
    );

    const deleted = await v4('DELETE', `/v4/cards/${oldest.id}`, { token: me.token, language: 'sp' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: es.api.cardDeleted });
    expect(await shown(me.token)).toEqual(['0012*', '0015']);
    // The sandbox gateway forgot the payment profile (its token rows stay, spent).
    expect(await gatewayCards()).toBe(atGateway - 1);
    await expect(chargeWith(oldestProfile)).rejects.toMatchObject({ failure: 'invalidCard' });

    expect((await v4('DELETE', `/v4/cards/${middle.id}`, { token: me.token })).status).toBe(200);
    expect(await shown(me.token)).toEqual(['0012*']);
    expect((await v4('DELETE', `/v4/cards/${newest.id}`, { token: me.token })).status).toBe(200);
    expect(await list(me.token)).toEqual([]);
    expect((await v4('DELETE', `/v4/cards/${newest.id}`, { token: me.token })).status).toBe(404);
    // A card saved after all were deleted is the default again.
    expect((await save(me.token, '4111111111111111')).isPrimary).toBe(true);
  });

  it("answers another patient's card id, an unknown and a malformed id with the same 404, changing nothing", async () => {
    const owner = await patient();
    const other = await patient();
    const card = await save(owner.token, '4111111111111111');
    const second = await save(owner.token, '5424000000000015');
    await save(other.token, '6011000000000012');
    const before = await cardRows();
    const atGateway = await gatewayCards();

    for (const id of [card.id, second.id, crypto.randomUUID(), 'card_1', '%2E']) {
      const setDefault = await v4('PUT', `/v4/cards/${encodeURIComponent(id)}/default`, { token: other.token });
      expect(setDefault.status, `PUT ${id}`).toBe(404);
      expect(setDefault.body).toEqual({ errorCode: 'notFound', message: en.api.notFound });
      const del = await v4('DELETE', `/v4/cards/${encodeURIComponent(id)}`, { token: other.token });
      expect(del.status, `DELETE ${id}`).toBe(404);
      expect(del.body).toEqual(setDefault.body);
    }
    expect(await cardRows()).toEqual(before);
    expect(await gatewayCards()).toBe(atGateway);
    expect(await shown(owner.token)).toEqual(['1111*', '0015']);
    expect(await shown(other.token)).toEqual(['0012*']);
  });

  it('asks for a session', async () => {
    expect((await v4('GET', '/v4/cards')).status).toBe(401);
    expect((await v4('POST', '/v4/cards', { body: { opaqueData: token('4111111111111111') } })).status).toBe(401);
    expect((await v4('PUT', `/v4/cards/${crypto.randomUUID()}/default`)).status).toBe(401);
    expect((await v4('DELETE', `/v4/cards/${crypto.randomUUID()}`)).status).toBe(401);
  });

  it.each([
    ['no opaque data', {}, 'opaqueData', en.validation.invalid],
    ['opaque data as a string', { opaqueData: 'tok' }, 'opaqueData', en.validation.invalid],
    [
      'an empty data descriptor',
      { opaqueData: { dataDescriptor: '', dataValue: 'x' } },
      'opaqueData.dataDescriptor',
      en.validation.invalid,
    ],
    [
      'an oversized data value',
      { opaqueData: { dataDescriptor: 'COMMON.SANDBOX.PAYMENT', dataValue: 'x'.repeat(4001) } },
      'opaqueData.dataValue',
      en.validation.invalid,
    ],
    ['isPrimary as a string', { opaqueData: 'VALID', isPrimary: 'yes' }, 'isPrimary', en.validation.invalid],
    [
      'a card number sent along',
      { opaqueData: 'VALID', cardNumber: '4111111111111111' },
      'cardNumber',
      en.validation.unknownField,
    ],
    // lib/http/json.ts names an unknown key without its parent's path.
    [
      'an unknown field in the opaque data',
      { opaqueData: { ...{ dataDescriptor: 'COMMON.SANDBOX.PAYMENT', dataValue: 'x' }, cardCode: '123' } },
      'cardCode',
      en.validation.unknownField,
    ],
  ])('refuses %s with 400, saving nothing here or at the gateway', async (_label, rawBody, path, message) => {
    const me = await patient();
    const body = { ...rawBody } as Record<string, unknown>;
    if (body.opaqueData === 'VALID') body.opaqueData = token('4111111111111111');
    const rows = await countRows(database.db, 'payment_cards');
    const atGateway = await gatewayCards();
    const reply = await v4('POST', '/v4/cards', { token: me.token, body });
    expect(reply.status).toBe(400);
    expect(reply.body.errorCode).toBe('badRequest');
    expect(reply.body.fields).toContainEqual({ path, message });
    expect(await countRows(database.db, 'payment_cards')).toBe(rows);
    expect(await gatewayCards()).toBe(atGateway);
  });

  it("refuses a token the gateway cannot use (not the tokeniser's, or spent) with invalidCard, saving nothing", async () => {
    const me = await patient();
    const forged = Buffer.from(
      JSON.stringify({ v: 1, brand: 'visa', last4: '12345', outcome: 'approved', nonce: 'a'.repeat(32) }),
    ).toString('base64url');
    const spent = token('4111111111111111');
    await save(me.token, '5424000000000015');
    expect((await v4('POST', '/v4/cards', { token: me.token, body: { opaqueData: spent } })).status).toBe(201);
    const rows = await countRows(database.db, 'payment_cards');

    for (const opaqueData of [
      { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJ0b2tlbiI6IjEyMyJ9' },
      { dataDescriptor: 'COMMON.SANDBOX.PAYMENT', dataValue: forged },
      spent,
    ]) {
      const reply = await v4('POST', '/v4/cards', {
        token: me.token,
        body: { opaqueData, isPrimary: true },
        language: 'sp',
      });
      expect(reply.status).toBe(402);
      expect(reply.body).toEqual({ errorCode: 'invalidCard', message: es.api.cardNotSaved });
    }
    expect(await countRows(database.db, 'payment_cards')).toBe(rows);
    expect(await shown(me.token)).toEqual(['0015*', '1111']);
  });

  it('answers a gateway that is down with 503 paymentUnavailable: on save nothing is written, on delete the card stays', async () => {
    const me = await patient();
    const kept = await save(me.token, '4111111111111111');
    const rows = await cardRows();
    vi.spyOn(sandboxGateway, 'saveCard').mockRejectedValue(new PaymentError('unavailable', 'timeout'));
    vi.spyOn(sandboxGateway, 'deleteCard').mockRejectedValue(new PaymentError('unavailable', 'timeout'));

    const saved = await v4('POST', '/v4/cards', {
      token: me.token,
      body: { opaqueData: token('5424000000000015'), isPrimary: true },
    });
    expect(saved.status).toBe(503);
    expect(saved.body).toEqual({ errorCode: 'paymentUnavailable', message: en.api.paymentUnavailable });
    const deleted = await v4('DELETE', `/v4/cards/${kept.id}`, { token: me.token });
    expect(deleted.status).toBe(503);
    expect(await cardRows()).toEqual(rows);
  });

  it('saves the sandbox test cards with the outcome they carry; charging one gives its error code', async () => {
    const me = await patient();
    const expected: [string, string, number][] = [
      ['4000000000000002', 'paymentDeclined', 402],
      ['4000000000000101', 'paymentSuspicious', 402],
      ['4000000000000119', 'paymentCooldown', 402],
      ['4000000000000127', 'paymentDuplicate', 409],
    ];
    for (const [number, code, status] of expected) {
      // Like a Customer Information Manager profile saved without a live validation, the sandbox
      // keeps the card; the refusal comes when it is charged (the booking's charge).
      const card = await save(me.token, number);
      const { source } = await chargeSourceFor(me, paymentMethodSchema.parse({ kind: 'savedCard', cardId: card.id }));
      const refusal = await chargeWith(source).then(
        () => undefined,
        (error: unknown) => (error instanceof PaymentError ? paymentApiError(error) : error),
      );
      expect(refusal, number).toBeInstanceOf(ApiError);
      expect(refusal).toMatchObject({ errorCode: code, status });
    }
  });
});

describe('paymentApiError', () => {
  it.each<[PaymentFailure, string, number]>([
    ['declined', 'paymentDeclined', 402],
    ['suspicious', 'paymentSuspicious', 402],
    ['cooldown', 'paymentCooldown', 402],
    ['duplicate', 'paymentDuplicate', 409],
    ['invalidCard', 'invalidCard', 402],
    ['unavailable', 'paymentUnavailable', 503],
    ['refundNotPossible', 'paymentUnavailable', 503],
  ])('maps %s to %s (%i) with its message in both languages', (failure, code, status) => {
    const error = paymentApiError(new PaymentError(failure, 'detail from the gateway'));
    expect(error).toMatchObject({ errorCode: code, status, messageKey: `api.${code}` });
    expect(ERROR_CODES).toContain(code);
    expect(en.api[code as keyof typeof en.api]).toBeTruthy();
    expect(es.api[code as keyof typeof es.api]).toBeTruthy();
  });
});

describe('chargeSourceFor (booking)', () => {
  it("a saved card: the patient's own profile with its brand and last four, charged as saved", async () => {
    const me = await patient();
    const card = await save(me.token, '5424000000000015');
    const result = await chargeSourceFor(me, paymentMethodSchema.parse({ kind: 'savedCard', cardId: card.id }));
    const [row] = await queryRows<{ customer_profile_id: string; payment_profile_id: string }>(
      database.db,
      sql`select customer_profile_id, payment_profile_id from payment_cards where id = ${card.id}`,
    );
    expect(result).toEqual({
      source: {
        kind: 'saved',
        card: { customerProfileId: row!.customer_profile_id, paymentProfileId: row!.payment_profile_id },
      },
      brand: 'mastercard',
      last4: '0015',
    });
    expect((await chargeWith(result.source)).last4).toBe('0015');
  });

  it("another patient's saved card or an unknown one answers 404", async () => {
    const owner = await patient();
    const other = await patient();
    const card = await save(owner.token, '4111111111111111');
    for (const cardId of [card.id, crypto.randomUUID()]) {
      await expect(
        chargeSourceFor(other, paymentMethodSchema.parse({ kind: 'savedCard', cardId })),
      ).rejects.toMatchObject({
        errorCode: 'notFound',
        status: 404,
      });
    }
  });

  it('a new card not to keep: the token as it came, nothing saved', async () => {
    const me = await patient();
    const opaqueData = token('4111111111111111');
    const rows = await countRows(database.db, 'payment_cards');
    const result = await chargeSourceFor(me, paymentMethodSchema.parse({ kind: 'newCard', opaqueData }));
    expect(result).toEqual({ source: { kind: 'token', card: opaqueData } });
    expect(await countRows(database.db, 'payment_cards')).toBe(rows);
    expect((await chargeWith(result.source)).last4).toBe('1111');
  });

  it("a new card to keep: saved first inside the caller's transaction (the single-use token is spent), then charged as saved", async () => {
    const me = await patient();
    await save(me.token, '4111111111111111');
    const payment = paymentMethodSchema.parse({
      kind: 'newCard',
      opaqueData: token('6011000000000012'),
      saveCard: true,
      isPrimary: true,
    });
    const result = await inTransaction(async () => {
      const found = await chargeSourceFor(me, payment);
      // Charged in the same transaction, as the booking service does.
      await chargeWith(found.source);
      return found;
    });
    expect(result).toMatchObject({ source: { kind: 'saved' }, brand: 'discover', last4: '0012' });
    expect(await shown(me.token)).toEqual(['0012*', '1111']);
  });

  it('a new card to keep, in a booking that then fails: the card is not kept either', async () => {
    const me = await patient();
    await save(me.token, '4111111111111111');
    const before = await cardRows();
    const payment = paymentMethodSchema.parse({
      kind: 'newCard',
      opaqueData: token('5424000000000015'),
      saveCard: true,
      isPrimary: true,
    });
    await expect(
      inTransaction(async () => {
        await chargeSourceFor(me, payment);
        throw new ApiError('slotTaken');
      }),
    ).rejects.toMatchObject({ errorCode: 'slotTaken' });
    expect(await cardRows()).toEqual(before);
  });

  it('a new card to keep that the gateway refuses: the mapped error, nothing saved', async () => {
    const me = await patient();
    const rows = await countRows(database.db, 'payment_cards');
    const forged = { dataDescriptor: 'COMMON.SANDBOX.PAYMENT', dataValue: 'bm90IGEgdG9rZW4' };
    await expect(
      chargeSourceFor(me, paymentMethodSchema.parse({ kind: 'newCard', opaqueData: forged, saveCard: true })),
    ).rejects.toMatchObject({ errorCode: 'invalidCard', status: 402 });
    vi.spyOn(sandboxGateway, 'saveCard').mockRejectedValue(new PaymentError('cooldown'));
    await expect(
      chargeSourceFor(
        me,
        paymentMethodSchema.parse({ kind: 'newCard', opaqueData: token('4111111111111111'), saveCard: true }),
      ),
    ).rejects.toMatchObject({ errorCode: 'paymentCooldown', status: 402 });
    expect(await countRows(database.db, 'payment_cards')).toBe(rows);
  });
});

describe('concurrent changes of one patient', () => {
  it('first cards saved at once: every save answers 201, one customer profile, one default', async () => {
    const numbers = [
      '4111111111111111',
      '5424000000000015',
      '6011000000000012',
      '4111111111111111',
      '5424000000000015',
      '6011000000000012',
    ];
    for (let round = 0; round < 3; round++) {
      const me = await patient();
      const replies = await Promise.all(
        numbers.map((n) => v4('POST', '/v4/cards', { token: me.token, body: { opaqueData: token(n) } })),
      );
      expect(replies.map((r) => r.status)).toEqual(numbers.map(() => 201));
      expect(replies.filter((r) => r.body.isPrimary)).toHaveLength(1);
      const profiles = await queryRows<{ customer_profile_id: string }>(
        database.db,
        sql`select distinct customer_profile_id from payment_cards where user_id = ${me.userId}`,
      );
      expect(profiles).toHaveLength(1);
      expect((await list(me.token)).filter((c) => c.isPrimary)).toHaveLength(1);
    }
  });

  it('cards saved as the default at once, and defaults switched at once: one default after each, never a 500', async () => {
    const me = await patient();
    await save(me.token, '4111111111111111');
    const saves = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() =>
        v4('POST', '/v4/cards', { token: me.token, body: { opaqueData: token('5424000000000015'), isPrimary: true } }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual(saves.map(() => 201));
    expect((await list(me.token)).filter((c) => c.isPrimary)).toHaveLength(1);

    const switches = await Promise.all(
      saves.map((r) => v4('PUT', `/v4/cards/${r.body.id}/default`, { token: me.token })),
    );
    expect(switches.map((r) => r.status)).toEqual(switches.map(() => 200));
    expect((await list(me.token)).filter((c) => c.isPrimary)).toHaveLength(1);
  });
});

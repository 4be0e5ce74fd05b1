import http from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../../../testing/log-capture';
import { brandOf, createAuthorizeNetGateway, parseAnswer, shortId } from './authorize-net-gateway';
import { PaymentError, type OpaqueCard, type PaymentGateway } from './payment-gateway';
import type { LogLine } from '../../../testing/log-capture';
import type { AddressInfo } from 'node:net';

/*
 * The Authorize.Net gateway against a fake Authorize.Net on 127.0.0.1 (never the internet). The
 * fake speaks the documented JSON subset the gateway uses: createTransactionRequest (auth and
 * capture with opaque data or a profile, void, refund), getTransactionDetailsRequest,
 * updateHeldTransactionRequest and the Customer Information Manager calls, answering with a UTF-8
 * BOM as Authorize.Net does, and refusing a transactionRequest whose elements are out of the
 * schema's order, as the real JSON-to-XML translation does.
 *
 * Its stand-in for Accept.js's encrypted data is `tok:<outcome>:<last4>:<type>:<nonce>`; each
 * outcome produces one documented answer (reason codes in authorize-net-gateway.ts).
 */

const LOGIN = 'fakeLogin';
const KEY = 'fakeTransKey1234';
const DUPLICATE_WINDOW_MS = 2 * 60_000;

/** transactionRequestType's element order in AnetApiSchema.xsd (the part the gateway uses). */
const TRANSACTION_ORDER = [
  'transactionType',
  'amount',
  'currencyCode',
  'payment',
  'profile',
  'solution',
  'callId',
  'terminalNumber',
  'authCode',
  'refTransId',
  'splitTenderId',
  'order',
  'lineItems',
  'tax',
  'duty',
  'shipping',
  'taxExempt',
  'poNumber',
  'customer',
  'billTo',
  'shipTo',
  'customerIP',
];

interface Card {
  outcome: string;
  last4: string;
  type: string;
}
interface Transaction extends Card {
  transId: string;
  status: string;
  amountCents: number;
  refundedCents: number;
  invoiceNumber?: string;
  at: number;
  filters: string[];
}

// The fake reads whatever JSON it is sent, as a server would; its shape is checked by the answers it gives.
type Json = Record<string, any>;

const ok = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
const error = (code: string, text: string) => ({ resultCode: 'Error', message: [{ code, text }] });
const unsuccessful = error('E00027', 'The transaction was unsuccessful.');

function createFake() {
  const transactions = new Map<string, Transaction>();
  const profiles = new Map<string, { merchantCustomerId: string; cards: Map<string, Card> }>();
  const spentTokens = new Set<string>();
  const requests: { name: string; body: Json; raw: string }[] = [];
  let nextId = 60_000_000_000;
  const id = () => String(++nextId);

  function readToken(opaque: Json | undefined): Card | 'spent' | undefined {
    const value: string = opaque?.dataValue ?? '';
    const [tag, outcome, last4, type] = value.split(':');
    if (tag !== 'tok' || !outcome || !last4 || !type) return undefined;
    if (spentTokens.has(value)) return 'spent';
    spentTokens.add(value);
    return { outcome, last4, type };
  }

  function transactionAnswer(
    t: Partial<Transaction> & { transId: string },
    responseCode: string,
    errors?: [string, string],
  ) {
    return {
      transactionResponse: {
        responseCode,
        authCode: responseCode === '1' ? 'ABC123' : '',
        transId: t.transId,
        refTransID: '',
        accountNumber: t.last4 ? `XXXX${t.last4}` : '',
        accountType: t.type ?? '',
        ...(errors
          ? { errors: [{ errorCode: errors[0], errorText: errors[1] }] }
          : { messages: [{ code: '1', description: 'This transaction has been approved.' }] }),
      },
      messages: responseCode === '1' ? ok : unsuccessful,
    };
  }

  /** The processor's answer for a card, as Authorize.Net reports it. */
  function authorise(
    card: Card,
    amountCents: number,
    invoiceNumber: string | undefined,
  ): { answer: Json } | { delayMs: number } | { status: number } {
    if (card.outcome === 'slow') return { delayMs: 3000 };
    if (card.outcome === 'crash') return { status: 500 };
    const duplicate = [...transactions.values()].some(
      (t) =>
        t.invoiceNumber === invoiceNumber &&
        t.last4 === card.last4 &&
        t.amountCents === amountCents &&
        Date.now() - t.at < DUPLICATE_WINDOW_MS,
    );
    if (duplicate)
      return {
        answer: transactionAnswer({ transId: '0', ...card }, '3', [
          '11',
          'A duplicate transaction has been submitted.',
        ]),
      };
    const t: Transaction = {
      ...card,
      transId: id(),
      status: 'capturedPendingSettlement',
      amountCents,
      refundedCents: 0,
      invoiceNumber,
      at: Date.now(),
      filters: [],
    };
    const record = () => transactions.set(t.transId, t);
    switch (card.outcome) {
      case 'approved':
        record();
        return { answer: transactionAnswer(t, '1') };
      case 'declined':
        record();
        t.status = 'declined';
        return { answer: transactionAnswer(t, '2', ['2', 'This transaction has been declined.']) };
      case 'review':
        record();
        t.status = 'FDSPendingReview';
        t.filters = ['Amount Filter'];
        return {
          answer: transactionAnswer(t, '4', ['253', 'Your order has been received. Thank you for your business!']),
        };
      case 'velocity':
      case 'fraud':
        record();
        t.status = 'declined';
        t.filters = [card.outcome === 'velocity' ? 'Hourly Velocity Filter' : 'Amount Filter'];
        return { answer: transactionAnswer(t, '2', ['251', 'This transaction has been declined.']) };
      case 'badnumber':
        return {
          answer: transactionAnswer({ transId: '0', ...card }, '3', ['6', 'The credit card number is invalid.']),
        };
      case 'processor':
        return {
          answer: transactionAnswer({ transId: '0', ...card }, '3', [
            '19',
            'An error occurred during processing. Please try again in 5 minutes.',
          ]),
        };
      default:
        return { answer: { messages: error('E00001', 'An error occurred during processing. Please try again.') } };
    }
  }

  function createTransaction(tr: Json): { answer: Json } | { delayMs: number } | { status: number } {
    const keys = Object.keys(tr).map((k) => TRANSACTION_ORDER.indexOf(k));
    if (keys.some((index, i) => index < 0 || (i > 0 && index < keys[i - 1]!))) {
      return { answer: { messages: error('E00003', "The element 'transactionRequest' has invalid child element.") } };
    }
    const amountCents = Math.round(Number(tr.amount) * 100);
    switch (tr.transactionType) {
      case 'authCaptureTransaction': {
        let card: Card | 'spent' | undefined;
        if (tr.profile) {
          card = profiles.get(tr.profile.customerProfileId)?.cards.get(tr.profile.paymentProfile?.paymentProfileId);
          if (!card) return { answer: { messages: error('E00040', 'The record cannot be found.') } };
        } else {
          card = readToken(tr.payment?.opaqueData);
          if (!card || card === 'spent') return { answer: { messages: error('E00114', 'Invalid OTS Token.') } };
        }
        return authorise(card, amountCents, tr.order?.invoiceNumber);
      }
      case 'voidTransaction': {
        const t = transactions.get(tr.refTransId);
        if (!t) return { answer: transactionAnswer({ transId: '0' }, '3', ['16', 'The transaction cannot be found.']) };
        if (t.status !== 'capturedPendingSettlement' && t.status !== 'voided') {
          return { answer: transactionAnswer(t, '3', ['16', 'The transaction cannot be found.']) };
        }
        t.status = 'voided';
        return { answer: transactionAnswer(t, '1') };
      }
      case 'refundTransaction': {
        const t = transactions.get(tr.refTransId);
        if (
          !t ||
          tr.payment?.creditCard?.cardNumber !== `XXXX${t.last4}` ||
          tr.payment?.creditCard?.expirationDate !== 'XXXX'
        ) {
          return {
            answer: transactionAnswer({ transId: '0' }, '3', [
              '54',
              'The referenced transaction does not meet the criteria for issuing a credit.',
            ]),
          };
        }
        if (t.status !== 'settledSuccessfully') {
          return {
            answer: transactionAnswer({ transId: '0' }, '3', [
              '54',
              'The referenced transaction does not meet the criteria for issuing a credit.',
            ]),
          };
        }
        if (t.refundedCents + amountCents > t.amountCents) {
          return {
            answer: transactionAnswer({ transId: '0' }, '3', [
              '55',
              'The sum of credits against the referenced transaction would exceed original debit amount.',
            ]),
          };
        }
        t.refundedCents += amountCents;
        return { answer: transactionAnswer({ transId: id(), last4: t.last4, type: t.type }, '1') };
      }
      default:
        return { answer: { messages: error('E00003', 'Unknown transaction type.') } };
    }
  }

  function saveCard(profileId: string, opaque: Json | undefined): Json {
    const card = readToken(opaque);
    if (!card || card === 'spent') return { messages: error('E00114', 'Invalid OTS Token.') };
    if (card.outcome === 'declined') {
      return {
        validationDirectResponse: `2,1,2,This transaction has been declined.,,P,0,none,Test transaction for ValidateCustomerPaymentProfile.,0.00,CC,auth_only`,
        messages: unsuccessful,
      };
    }
    const profile = profiles.get(profileId)!;
    const existing = [...profile.cards.entries()].find(([, c]) => c.last4 === card.last4 && c.type === card.type);
    if (existing)
      return {
        customerProfileId: profileId,
        customerPaymentProfileId: existing[0],
        messages: error('E00039', 'A duplicate customer payment profile already exists.'),
      };
    const paymentProfileId = id();
    profile.cards.set(paymentProfileId, card);
    return {
      customerProfileId: profileId,
      customerPaymentProfileId: paymentProfileId,
      validationDirectResponse: '1,1,1,This transaction has been approved.',
      messages: ok,
    };
  }

  function answer(name: string, body: Json): { answer: Json } | { delayMs: number } | { status: number } {
    if (body.merchantAuthentication?.name !== LOGIN || body.merchantAuthentication?.transactionKey !== KEY) {
      return {
        answer: { messages: error('E00007', 'User authentication failed due to invalid authentication values.') },
      };
    }
    switch (name) {
      case 'createTransactionRequest':
        return createTransaction(body.transactionRequest ?? {});
      case 'getTransactionDetailsRequest': {
        const t = transactions.get(body.transId);
        if (!t) return { answer: { messages: error('E00040', 'The record cannot be found.') } };
        return {
          answer: {
            transaction: {
              transId: t.transId,
              transactionStatus: t.status,
              authAmount: t.amountCents / 100,
              settleAmount: t.amountCents / 100,
              ...(t.filters.length
                ? {
                    FDSFilterAction: 'decline',
                    FDSFilters: { FDSFilter: t.filters.map((f) => ({ name: f, action: 'decline' })) },
                  }
                : {}),
            },
            messages: ok,
          },
        };
      }
      case 'updateHeldTransactionRequest': {
        const t = transactions.get(body.heldTransactionRequest?.refTransId);
        if (!t || t.status !== 'FDSPendingReview') return { answer: { messages: unsuccessful } };
        t.status = body.heldTransactionRequest.action === 'decline' ? 'declined' : 'capturedPendingSettlement';
        return { answer: transactionAnswer(t, '1') };
      }
      case 'createCustomerProfileRequest': {
        const wanted = body.profile?.merchantCustomerId;
        const taken = [...profiles.entries()].find(([, p]) => p.merchantCustomerId === wanted);
        if (taken)
          return { answer: { messages: error('E00039', `A duplicate record with ID ${taken[0]} already exists.`) } };
        const profileId = id();
        profiles.set(profileId, { merchantCustomerId: wanted, cards: new Map() });
        const saved = saveCard(profileId, body.profile?.paymentProfiles?.payment?.opaqueData);
        if (saved.messages.resultCode !== 'Ok') {
          profiles.delete(profileId);
          return {
            answer: {
              messages: saved.messages,
              ...(saved.validationDirectResponse
                ? { validationDirectResponseList: [saved.validationDirectResponse] }
                : {}),
            },
          };
        }
        return {
          answer: {
            customerProfileId: profileId,
            customerPaymentProfileIdList: [saved.customerPaymentProfileId],
            customerShippingAddressIdList: [],
            messages: ok,
          },
        };
      }
      case 'createCustomerPaymentProfileRequest':
        if (!profiles.has(body.customerProfileId))
          return { answer: { messages: error('E00040', 'The record cannot be found.') } };
        return { answer: saveCard(body.customerProfileId, body.paymentProfile?.payment?.opaqueData) };
      case 'getCustomerPaymentProfileRequest': {
        const card = profiles.get(body.customerProfileId)?.cards.get(body.customerPaymentProfileId);
        if (!card) return { answer: { messages: error('E00040', 'The record cannot be found.') } };
        return {
          answer: {
            paymentProfile: {
              customerProfileId: body.customerProfileId,
              customerPaymentProfileId: body.customerPaymentProfileId,
              payment: { creditCard: { cardNumber: `XXXX${card.last4}`, expirationDate: 'XXXX', cardType: card.type } },
            },
            messages: ok,
          },
        };
      }
      case 'deleteCustomerPaymentProfileRequest': {
        const deleted = profiles.get(body.customerProfileId)?.cards.delete(body.customerPaymentProfileId);
        return { answer: { messages: deleted ? ok : error('E00040', 'The record cannot be found.') } };
      }
      default:
        return { answer: { messages: error('E00003', 'Unknown request.') } };
    }
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      let body: Json;
      try {
        body = JSON.parse(raw);
      } catch {
        body = {};
      }
      const name = Object.keys(body)[0] ?? '';
      requests.push({ name, body: body[name] ?? {}, raw });
      const result = answer(name, body[name] ?? {});
      if ('status' in result) {
        res.writeHead(result.status, { 'content-type': 'text/html' }).end('<html>Internal Server Error</html>');
      } else if ('delayMs' in result) {
        setTimeout(() => res.writeHead(200).end('\uFEFF{}'), result.delayMs).unref();
      } else {
        res
          .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
          .end(`\uFEFF${JSON.stringify(result.answer)}`);
      }
    });
  });

  return {
    server,
    requests,
    transactions,
    profiles,
    /** The daily batch: what was captured is now settled and can be refunded. */
    settle() {
      for (const t of transactions.values())
        if (t.status === 'capturedPendingSettlement') t.status = 'settledSuccessfully';
    },
  };
}

const fake = createFake();
let gateway: PaymentGateway;
let nonce = 0;
let references = 0;

const token = (outcome: string, last4 = '1111', type = 'Visa'): OpaqueCard => ({
  dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT',
  dataValue: `tok:${outcome}:${last4}:${type}:${++nonce}`,
});
const reference = () => `booking-${++references}`;
const charge = (card: OpaqueCard, amountCents = 4500, ref = reference()) =>
  gateway.charge({
    amountCents,
    source: { kind: 'token', card },
    reference: ref,
    description: 'Teledental visit',
    customerId: 'patient-1',
  });
const lastRequest = (name: string) => [...fake.requests].reverse().find((r) => r.name === name)!;

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (caught) {
    if (caught instanceof PaymentError) return caught.failure;
    throw caught;
  }
  return 'succeeded';
}

let logs: LogLine[] = [];
beforeEach(() => {
  logs = captureLogs();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const { port } = fake.server.address() as AddressInfo;
  gateway = createAuthorizeNetGateway({
    apiLoginId: LOGIN,
    transactionKey: KEY,
    endpoint: `http://127.0.0.1:${port}/xml/v1/request.api`,
    timeoutMs: 500,
  });
});

afterAll(async () => {
  fake.server.closeAllConnections();
  await new Promise((resolve) => fake.server.close(resolve));
});

afterEach(() => {
  // Whatever was logged, never a token, the transaction key or a card number.
  for (const line of logs) expect(JSON.stringify(line)).not.toMatch(/tok:|fakeTransKey1234|4111/);
});

describe('Authorize.Net answers', () => {
  it('are read past their byte order mark', () => {
    const raw = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"messages":{"resultCode":"Ok"}}'),
    ]).toString('utf8');
    expect(() => JSON.parse(raw)).toThrow();
    expect(parseAnswer(raw)).toEqual({ messages: { resultCode: 'Ok' } });
  });

  it('name card brands as the card form does', () => {
    expect(
      ['Visa', 'MasterCard', 'Mastercard', 'AmericanExpress', 'Discover', 'JCB', 'DinersClub', ''].map(brandOf),
    ).toEqual(['visa', 'mastercard', 'mastercard', 'american-express', 'discover', 'jcb', 'diners-club', 'card']);
  });
});

describe('Authorize.Net gateway: charges', () => {
  it('charges opaque data with authCaptureTransaction and answers the transaction id, brand and last four', async () => {
    const result = await charge(token('approved', '0015', 'MasterCard'), 4500, 'booking-approved');
    expect(result).toEqual({ transactionId: expect.stringMatching(/^\d+$/), brand: 'mastercard', last4: '0015' });
    const sent = lastRequest('createTransactionRequest');
    expect(sent.raw.startsWith('{')).toBe(true);
    expect(sent.body.transactionRequest).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: '45.00',
      payment: { opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT' } },
      order: { invoiceNumber: 'booking-approved', description: 'Teledental visit' },
      customer: { id: 'patient-1' },
    });
  });

  it('sends a long reference as a stable 20-character invoice number', async () => {
    const long = `booking-${'a'.repeat(40)}`;
    expect(shortId(long)).toMatch(/^[0-9a-f]{20}$/);
    expect(shortId(long)).toBe(shortId(long));
    await charge(token('approved'), 1000, long);
    expect(lastRequest('createTransactionRequest').body.transactionRequest.order.invoiceNumber).toBe(shortId(long));
  });

  it('maps a decline (responseCode 2) to declined', async () => {
    expect(await failure(charge(token('declined')))).toBe('declined');
  });

  it('maps held for review (responseCode 4) to suspicious, and declines the held authorisation', async () => {
    expect(await failure(charge(token('review')))).toBe('suspicious');
    const held = lastRequest('updateHeldTransactionRequest');
    expect(held.body.heldTransactionRequest.action).toBe('decline');
    expect(fake.transactions.get(held.body.heldTransactionRequest.refTransId)?.status).toBe('declined');
  });

  it('tells a velocity filter (cooldown) from another fraud filter (suspicious) on reason 251', async () => {
    expect(await failure(charge(token('velocity')))).toBe('cooldown');
    expect(await failure(charge(token('fraud')))).toBe('suspicious');
  });

  it('refuses a retry under the same reference within the duplicate window (reason 11), even with a fresh token', async () => {
    const ref = reference();
    await charge(token('approved'), 2000, ref);
    expect(await failure(charge(token('approved'), 2000, ref))).toBe('duplicate');
  });

  it('maps invalid card data, a reused or foreign token to invalidCard', async () => {
    expect(await failure(charge(token('badnumber')))).toBe('invalidCard');
    const once = token('approved');
    await charge(once);
    expect(await failure(charge(once))).toBe('invalidCard'); // E00114
    const before = fake.requests.length;
    expect(await failure(charge({ dataDescriptor: 'COMMON.SANDBOX.PAYMENT', dataValue: 'x' }))).toBe('invalidCard');
    expect(fake.requests.length).toBe(before); // refused without a call
  });

  it('maps processor errors, E00001, a 500 and a timeout to unavailable', async () => {
    expect(await failure(charge(token('processor')))).toBe('unavailable');
    expect(await failure(charge(token('gatewayError')))).toBe('unavailable');
    expect(await failure(charge(token('crash')))).toBe('unavailable');
    const started = Date.now();
    expect(await failure(charge(token('slow')))).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('maps wrong credentials (E00007) to unavailable', async () => {
    const { port } = fake.server.address() as AddressInfo;
    const wrong = createAuthorizeNetGateway({
      apiLoginId: LOGIN,
      transactionKey: 'wrong',
      endpoint: `http://127.0.0.1:${port}/xml/v1/request.api`,
    });
    expect(
      await failure(
        wrong.charge({
          amountCents: 100,
          source: { kind: 'token', card: token('approved') },
          reference: reference(),
          description: 'Visit',
          customerId: 'p',
        }),
      ),
    ).toBe('unavailable');
  });
});

describe('Authorize.Net gateway: voids and refunds', () => {
  it('voids an unsettled charge; an unknown transaction is refused', async () => {
    const paid = await charge(token('approved'));
    await gateway.voidCharge(paid.transactionId);
    expect(fake.transactions.get(paid.transactionId)?.status).toBe('voided');
    expect(lastRequest('createTransactionRequest').body.transactionRequest).toEqual({
      transactionType: 'voidTransaction',
      refTransId: paid.transactionId,
    });
    expect(await failure(gateway.voidCharge('123'))).toBe('refundNotPossible');
  });

  it('refunds a settled charge, naming the card by its last four digits', async () => {
    const paid = await charge(token('approved', '0002', 'Visa'));
    fake.settle();
    const { refundTransactionId } = await gateway.refund({
      transactionId: paid.transactionId,
      amountCents: 4500,
      last4: '0002',
    });
    expect(refundTransactionId).toMatch(/^\d+$/);
    expect(refundTransactionId).not.toBe(paid.transactionId);
    expect(lastRequest('createTransactionRequest').body.transactionRequest).toEqual({
      transactionType: 'refundTransaction',
      amount: '45.00',
      payment: { creditCard: { cardNumber: 'XXXX0002', expirationDate: 'XXXX' } },
      refTransId: paid.transactionId,
    });
    // A second refund would exceed the charge (reason 55).
    expect(await failure(gateway.refund({ transactionId: paid.transactionId, amountCents: 4500, last4: '0002' }))).toBe(
      'refundNotPossible',
    );
  });

  it('gives an unsettled charge back in full by voiding it; a part of it cannot be refunded yet (reason 54)', async () => {
    const whole = await charge(token('approved'));
    const result = await gateway.refund({ transactionId: whole.transactionId, amountCents: 4500, last4: '1111' });
    expect(result.refundTransactionId).toBe(whole.transactionId);
    expect(fake.transactions.get(whole.transactionId)?.status).toBe('voided');

    const part = await charge(token('approved'));
    expect(await failure(gateway.refund({ transactionId: part.transactionId, amountCents: 1000, last4: '1111' }))).toBe(
      'refundNotPossible',
    );
    expect(fake.transactions.get(part.transactionId)?.status).toBe('capturedPendingSettlement');
  });
});

describe('Authorize.Net gateway: saved cards (Customer Information Manager)', () => {
  it('creates a profile with the card, charges it, adds a second card, and deletes it', async () => {
    const saved = await gateway.saveCard({
      customerId: 'patient-42',
      email: 'p42@example.com',
      card: token('approved', '0012', 'Discover'),
    });
    expect(saved).toEqual({
      customerProfileId: expect.any(String),
      paymentProfileId: expect.any(String),
      brand: 'discover',
      last4: '0012',
    });
    expect(lastRequest('createCustomerProfileRequest').body).toMatchObject({
      profile: {
        merchantCustomerId: 'patient-42',
        email: 'p42@example.com',
        paymentProfiles: { customerType: 'individual' },
      },
      validationMode: 'liveMode',
    });

    const paid = await gateway.charge({
      amountCents: 2000,
      source: { kind: 'saved', card: saved },
      reference: reference(),
      description: 'Visit',
      customerId: 'patient-42',
    });
    expect(paid).toMatchObject({ brand: 'discover', last4: '0012' });
    expect(lastRequest('createTransactionRequest').body.transactionRequest.profile).toEqual({
      customerProfileId: saved.customerProfileId,
      paymentProfile: { paymentProfileId: saved.paymentProfileId },
    });

    const second = await gateway.saveCard({
      customerId: 'patient-42',
      email: 'p42@example.com',
      customerProfileId: saved.customerProfileId,
      card: token('approved', '0005', 'AmericanExpress'),
    });
    expect(second).toMatchObject({
      customerProfileId: saved.customerProfileId,
      brand: 'american-express',
      last4: '0005',
    });

    await gateway.deleteCard(saved);
    await gateway.deleteCard(saved); // gone already (E00040) is fine
    expect(
      await failure(
        gateway.charge({
          amountCents: 2000,
          source: { kind: 'saved', card: saved },
          reference: reference(),
          description: 'Visit',
          customerId: 'patient-42',
        }),
      ),
    ).toBe('invalidCard');
  });

  it('adds the card to the existing profile when the customer has one already (E00039)', async () => {
    const first = await gateway.saveCard({
      customerId: 'patient-43',
      email: 'p43@example.com',
      card: token('approved', '1111'),
    });
    const again = await gateway.saveCard({
      customerId: 'patient-43',
      email: 'p43@example.com',
      card: token('approved', '4242'),
    });
    expect(again.customerProfileId).toBe(first.customerProfileId);
    expect(again.paymentProfileId).not.toBe(first.paymentProfileId);
    expect(again.last4).toBe('4242');
  });

  it('answers the card already on the profile when the same card is saved again (E00039)', async () => {
    const first = await gateway.saveCard({
      customerId: 'patient-45',
      email: 'p45@example.com',
      card: token('approved', '0015', 'MasterCard'),
    });
    const again = await gateway.saveCard({
      customerId: 'patient-45',
      email: 'p45@example.com',
      customerProfileId: first.customerProfileId,
      card: token('approved', '0015', 'MasterCard'),
    });
    expect(again).toEqual(first);
  });

  it('refuses a card whose validation is declined, and saves nothing', async () => {
    expect(
      await failure(gateway.saveCard({ customerId: 'patient-44', email: 'p44@example.com', card: token('declined') })),
    ).toBe('declined');
    expect([...fake.profiles.values()].some((p) => p.merchantCustomerId === 'patient-44')).toBe(false);
    const saved = await gateway.saveCard({
      customerId: 'patient-44',
      email: 'p44@example.com',
      card: token('approved'),
    });
    expect(
      await failure(
        gateway.saveCard({
          customerId: 'patient-44',
          email: 'p44@example.com',
          customerProfileId: saved.customerProfileId,
          card: token('declined'),
        }),
      ),
    ).toBe('declined');
    expect(fake.profiles.get(saved.customerProfileId)?.cards.size).toBe(1);
  });
});

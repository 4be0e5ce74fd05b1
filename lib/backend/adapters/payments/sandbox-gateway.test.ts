import { describe, expect, it } from 'vitest';
import { tokenizeSandboxCard, type AcceptCardData } from '../../../api-client/sandbox-accept';
import { useTestDatabase } from '../../../testing/test-db';
import { PaymentError, type OpaqueCard } from './payment-gateway';
import { sandboxGateway as gateway } from './sandbox-gateway';

useTestDatabase();

const nextYear = String(new Date().getFullYear() + 1);
const card = (cardNumber: string, cardCode = '123'): AcceptCardData => ({
  cardNumber,
  month: '12',
  year: nextYear,
  cardCode,
});

function token(cardNumber: string, cardCode?: string): OpaqueCard {
  const response = tokenizeSandboxCard(card(cardNumber, cardCode));
  expect(response.messages.resultCode).toBe('Ok');
  return response.opaqueData!;
}

let references = 0;
const charge = (source: OpaqueCard, amountCents = 4500) =>
  gateway.charge({
    amountCents,
    source: { kind: 'token', card: source },
    reference: `ref-${process.pid}-${++references}`,
    description: 'Visit',
    customerId: 'patient-1',
  });

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PaymentError) return error.failure;
    throw error;
  }
  return 'succeeded';
}

describe('the browser-side sandbox tokeniser (Accept.js shape)', () => {
  it('sends brand, last four and outcome only: never the number, expiry or CVV', () => {
    const opaque = token('4111 1111 1111 1111');
    const payload = JSON.parse(Buffer.from(opaque.dataValue, 'base64url').toString('utf8'));
    expect(payload).toMatchObject({ v: 1, brand: 'visa', last4: '1111', outcome: 'approved' });
    expect(Object.keys(payload).sort()).toEqual(['brand', 'last4', 'nonce', 'outcome', 'v']);
    expect(opaque.dataValue).not.toContain('4111111111111111');
    expect(JSON.stringify(payload)).not.toMatch(/4111111111111111|12\/|123/);
  });

  it('refuses a number failing Luhn, a past expiry, and a CVV of the wrong length for the brand', () => {
    expect(tokenizeSandboxCard(card('4111111111111112')).messages.message[0]?.code).toBe('E_WC_05');
    expect(tokenizeSandboxCard({ ...card('4111111111111111'), year: '2001' }).messages.message[0]?.code).toBe(
      'E_WC_08',
    );
    expect(tokenizeSandboxCard(card('378282246310005', '123')).messages.message[0]?.code).toBe('E_WC_15');
    expect(tokenizeSandboxCard(card('378282246310005', '1234')).messages.resultCode).toBe('Ok');
  });
});

describe('sandbox gateway', () => {
  it('charges an approved card and answers its transaction id, brand and last four', async () => {
    const result = await charge(token('5424000000000015'));
    expect(result).toMatchObject({ brand: 'mastercard', last4: '0015' });
    expect(result.transactionId).toMatch(/^sbx_/);
  });

  it('gives each test card its outcome: declined, suspicious, cooldown, duplicate', async () => {
    expect(await failure(charge(token('4000000000000002')))).toBe('declined');
    expect(await failure(charge(token('4000000000000101')))).toBe('suspicious');
    expect(await failure(charge(token('4000000000000119')))).toBe('cooldown');
    expect(await failure(charge(token('4000000000000127')))).toBe('duplicate');
  });

  it('refuses a second charge under the same reference (a retried request) and a token used twice', async () => {
    const reference = `retry-${process.pid}`;
    const first = { amountCents: 1000, reference, description: 'Visit', customerId: 'p' };
    await gateway.charge({ ...first, source: { kind: 'token', card: token('4111111111111111') } });
    expect(
      await failure(gateway.charge({ ...first, source: { kind: 'token', card: token('4111111111111111') } })),
    ).toBe('duplicate');
    const once = token('4111111111111111');
    await charge(once);
    expect(await failure(charge(once))).toBe('invalidCard');
  });

  it("refuses tokens that are not the sandbox tokeniser's", async () => {
    expect(await failure(charge({ dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'x' }))).toBe(
      'invalidCard',
    );
    const forged = Buffer.from(
      JSON.stringify({ v: 1, brand: 'visa', last4: '12345', outcome: 'approved', nonce: 'a'.repeat(32) }),
    ).toString('base64url');
    expect(await failure(charge({ dataDescriptor: 'COMMON.SANDBOX.PAYMENT', dataValue: forged }))).toBe('invalidCard');
  });

  it('refunds a charge once; a second refund, a refund after a void and the no-refund test card are refused', async () => {
    const paid = await charge(token('4111111111111111'));
    expect(
      (await gateway.refund({ transactionId: paid.transactionId, amountCents: 4500, last4: '1111' }))
        .refundTransactionId,
    ).toMatch(/^sbr_/);
    expect(await failure(gateway.refund({ transactionId: paid.transactionId, amountCents: 4500, last4: '1111' }))).toBe(
      'refundNotPossible',
    );

    const voided = await charge(token('4111111111111111'));
    await gateway.voidCharge(voided.transactionId);
    expect(
      await failure(gateway.refund({ transactionId: voided.transactionId, amountCents: 4500, last4: '1111' })),
    ).toBe('refundNotPossible');

    const stubborn = await charge(token('4000000000000069'));
    expect(
      await failure(gateway.refund({ transactionId: stubborn.transactionId, amountCents: 4500, last4: '0069' })),
    ).toBe('refundNotPossible');
  });

  it('keeps a card for later charges, with its outcome, until it is deleted', async () => {
    const saved = await gateway.saveCard({
      customerId: 'patient-9',
      email: 'p9@example.com',
      card: token('6011000000000012'),
    });
    expect(saved).toMatchObject({ brand: 'discover', last4: '0012' });
    const again = await gateway.charge({
      amountCents: 2000,
      source: { kind: 'saved', card: saved },
      reference: `saved-${process.pid}`,
      description: 'Visit',
      customerId: 'patient-9',
    });
    expect(again.last4).toBe('0012');
    const declinedCard = await gateway.saveCard({
      customerId: 'patient-9',
      email: 'p9@example.com',
      customerProfileId: saved.customerProfileId,
      card: token('4000000000000002'),
    });
    expect(
      await failure(
        gateway.charge({
          amountCents: 2000,
          source: { kind: 'saved', card: declinedCard },
          reference: `saved2-${process.pid}`,
          description: 'Visit',
          customerId: 'patient-9',
        }),
      ),
    ).toBe('declined');
    await gateway.deleteCard(saved);
    expect(
      await failure(
        gateway.charge({
          amountCents: 2000,
          source: { kind: 'saved', card: saved },
          reference: `saved3-${process.pid}`,
          description: 'Visit',
          customerId: 'patient-9',
        }),
      ),
    ).toBe('invalidCard');
  });
});

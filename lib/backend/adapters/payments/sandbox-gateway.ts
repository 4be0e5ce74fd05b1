import 'server-only';
import crypto from 'node:crypto';
import {
  SANDBOX_DATA_DESCRIPTOR,
  SANDBOX_OUTCOMES,
  type SandboxOutcome,
  type SandboxTokenPayload,
} from '../../../contracts/sandbox-cards';
import { PaymentError, type OpaqueCard, type PaymentGateway } from './payment-gateway';
import {
  deleteSandboxCard,
  findChargeByReference,
  findSandboxRow,
  insertSandboxRow,
  moveSandboxCharge,
} from './sandbox-repository';

/** Authorize.Net refuses a second charge with the same invoice number within its duplicate window. */
const DUPLICATE_WINDOW_MS = 2 * 60_000;

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(9).toString('base64url')}`;

/** Reads a token from the browser's sandbox tokeniser; anything else is not a card. */
function readToken(card: OpaqueCard): SandboxTokenPayload {
  if (card.dataDescriptor !== SANDBOX_DATA_DESCRIPTOR || card.dataValue.length > 1000)
    throw new PaymentError('invalidCard');
  let payload: Partial<SandboxTokenPayload>;
  try {
    payload = JSON.parse(Buffer.from(card.dataValue, 'base64url').toString('utf8'));
  } catch {
    throw new PaymentError('invalidCard');
  }
  const ok =
    payload.v === 1 &&
    typeof payload.brand === 'string' &&
    /^[a-z-]{2,30}$/.test(payload.brand) &&
    typeof payload.last4 === 'string' &&
    /^\d{4}$/.test(payload.last4) &&
    SANDBOX_OUTCOMES.includes(payload.outcome as SandboxOutcome) &&
    typeof payload.nonce === 'string' &&
    /^[0-9a-f]{32}$/.test(payload.nonce);
  if (!ok) throw new PaymentError('invalidCard');
  return payload as SandboxTokenPayload;
}

/** Tokens are single use, as Accept.js's are: the nonce is recorded when spent. */
async function spend(token: SandboxTokenPayload): Promise<void> {
  if (!(await insertSandboxRow({ id: `tok_${token.nonce}`, kind: 'token' })))
    throw new PaymentError('invalidCard', 'token already used');
}

function refuse(outcome: string | null): void {
  if (outcome === 'declined' || outcome === 'suspicious' || outcome === 'cooldown' || outcome === 'duplicate') {
    throw new PaymentError(outcome);
  }
}

/**
 * The embedded payment gateway (lib/docs/architecture.md "Real parts and their embedded defaults"): offline, no money moves, and its
 * test cards (lib/contracts/sandbox-cards.ts) produce every outcome the spec names. It keeps its
 * books in the database (sandbox_payments) so voids, refunds and saved cards work across server
 * processes and restarts, as a real gateway's would.
 */
export const sandboxGateway: PaymentGateway = {
  kind: 'sandbox',

  async charge({ amountCents, source, reference, customerId }) {
    if (!Number.isInteger(amountCents) || amountCents <= 0) throw new PaymentError('invalidCard', 'amount');
    let card: { brand: string; last4: string; outcome: string | null };
    if (source.kind === 'token') {
      const token = readToken(source.card);
      await spend(token);
      card = token;
    } else {
      const saved = await findSandboxRow(source.card.paymentProfileId, 'card');
      if (!saved || saved.customerId !== source.card.customerProfileId)
        throw new PaymentError('invalidCard', 'unknown saved card');
      card = { brand: saved.brand ?? 'card', last4: saved.last4 ?? '0000', outcome: saved.outcome };
    }
    refuse(card.outcome);
    if (await findChargeByReference(reference, new Date(Date.now() - DUPLICATE_WINDOW_MS)))
      throw new PaymentError('duplicate');
    const transactionId = id('sbx');
    await insertSandboxRow({
      id: transactionId,
      kind: 'charge',
      reference,
      amountCents,
      brand: card.brand,
      last4: card.last4,
      outcome: card.outcome,
      status: 'captured',
      customerId,
    });
    return { transactionId, brand: card.brand, last4: card.last4 };
  },

  async findCharge(reference, since) {
    const row = await findChargeByReference(reference, since);
    if (!row) return undefined;
    const status = row.status === 'voided' || row.status === 'refunded' ? row.status : 'captured';
    return {
      transactionId: row.id,
      status,
      amountCents: row.amountCents ?? 0,
      brand: row.brand ?? 'card',
      last4: row.last4 ?? '0000',
    };
  },

  async voidCharge(transactionId) {
    if (!(await moveSandboxCharge(transactionId, 'captured', 'voided')))
      throw new PaymentError('refundNotPossible', 'not voidable');
  },

  async refund({ transactionId, amountCents, last4 }) {
    const charge = await findSandboxRow(transactionId, 'charge');
    if (!charge || charge.last4 !== last4 || amountCents <= 0 || amountCents > (charge.amountCents ?? 0)) {
      throw new PaymentError('refundNotPossible', 'no such charge');
    }
    if (charge.outcome === 'refundFails') throw new PaymentError('refundNotPossible', 'test card refuses refunds');
    if (!(await moveSandboxCharge(transactionId, 'captured', 'refunded')))
      throw new PaymentError('refundNotPossible', 'already refunded or voided');
    const refundTransactionId = id('sbr');
    await insertSandboxRow({
      id: refundTransactionId,
      kind: 'refund',
      parentId: transactionId,
      amountCents,
      last4,
      status: 'settled',
    });
    return { refundTransactionId };
  },

  async saveCard({ customerId, customerProfileId, card }) {
    const token = readToken(card);
    await spend(token);
    const profile =
      customerProfileId ?? `cus_${crypto.createHash('sha256').update(customerId).digest('base64url').slice(0, 16)}`;
    const paymentProfileId = id('card');
    await insertSandboxRow({
      id: paymentProfileId,
      kind: 'card',
      customerId: profile,
      brand: token.brand,
      last4: token.last4,
      outcome: token.outcome,
    });
    return { customerProfileId: profile, paymentProfileId, brand: token.brand, last4: token.last4 };
  },

  async deleteCard(card) {
    await deleteSandboxCard(card.paymentProfileId);
  },
};

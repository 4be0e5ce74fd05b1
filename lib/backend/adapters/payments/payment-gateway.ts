import 'server-only';

/**
 * The card payment provider (lib/docs/architecture.md "Real parts and their embedded defaults"). The browser tokenises the card
 * (Accept.js, or the sandbox's stand-in with the same shape), so the server only ever receives
 * an opaque token: no card number, expiry or CVV reaches our server, database, logs or answers.
 */
export interface OpaqueCard {
  /** Accept.js's `dataDescriptor`. */
  dataDescriptor: string;
  /** Accept.js's `dataValue`: single use, minutes long. */
  dataValue: string;
}

export interface SavedCardRef {
  customerProfileId: string;
  paymentProfileId: string;
}

export type ChargeSource = { kind: 'token'; card: OpaqueCard } | { kind: 'saved'; card: SavedCardRef };

export interface CardSummary {
  brand: string;
  last4: string;
}

export interface ChargeResult extends CardSummary {
  transactionId: string;
}

/** Why a payment was refused; each has its message in the spec's catalogue (section 8). */
export type PaymentFailure =
  'declined' | 'suspicious' | 'cooldown' | 'duplicate' | 'invalidCard' | 'refundNotPossible' | 'unavailable';

export class PaymentError extends Error {
  constructor(
    readonly failure: PaymentFailure,
    detail?: string,
  ) {
    super(detail ? `${failure}: ${detail}` : failure);
  }
}

/** What the gateway knows of a charge made under a reference (the reconciliation job asks). */
export interface ChargeLookup extends ChargeResult {
  /** captured: the money is taken (and can be voided or refunded); voided or refunded: given back. */
  status: 'captured' | 'voided' | 'refunded';
  amountCents: number;
}

export interface PaymentGateway {
  readonly kind: 'sandbox' | 'authorize-net';
  /**
   * Charges the amount. `reference` is unique per attempt and sent as the gateway's invoice
   * number, so a retried call is recognised as a duplicate rather than charged twice.
   */
  charge(input: {
    amountCents: number;
    source: ChargeSource;
    reference: string;
    description: string;
    customerId: string;
  }): Promise<ChargeResult>;
  /**
   * The approved charge made under `reference`, if any (declined tries are not charges). Used by
   * the reconciliation job for attempts whose outcome our database does not know
   * (lib/docs/decisions/payments.md). Throws PaymentError('unavailable') when it cannot tell.
   */
  findCharge(reference: string, since: Date): Promise<ChargeLookup | undefined>;
  /** Cancels a charge that has not settled (a booking that failed after its charge). */
  voidCharge(transactionId: string): Promise<void>;
  /** Gives the amount back (all of it unless said otherwise). */
  refund(input: {
    transactionId: string;
    amountCents: number;
    last4: string;
  }): Promise<{ refundTransactionId: string }>;
  /** Keeps a card at the gateway for later charges (Authorize.Net's Customer Information Manager). */
  saveCard(input: {
    customerId: string;
    email: string;
    customerProfileId?: string;
    card: OpaqueCard;
  }): Promise<SavedCardRef & CardSummary>;
  deleteCard(card: SavedCardRef): Promise<void>;
}

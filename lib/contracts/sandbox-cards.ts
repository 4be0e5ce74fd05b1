/**
 * The sandbox payment gateway's test cards (README "Payments"): each number produces one outcome,
 * so every message of SPEC section 8 (declined, suspicious transaction, card cooldown, duplicate
 * payment) can be seen without a real card. Any other valid number is approved. Client-safe: the
 * browser's sandbox tokeniser reads the outcome here, so the number itself never leaves the page.
 */
export const SANDBOX_OUTCOMES = ['approved', 'declined', 'suspicious', 'cooldown', 'duplicate', 'refundFails'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxOutcome>> = {
  '4111111111111111': 'approved', // Visa
  '5424000000000015': 'approved', // Mastercard
  '378282246310005': 'approved', // American Express (4-digit CVV)
  '6011000000000012': 'approved', // Discover
  '4000000000000002': 'declined',
  '4000000000000101': 'suspicious',
  '4000000000000119': 'cooldown',
  '4000000000000127': 'duplicate',
  '4000000000000069': 'refundFails', // charges, but its refund cannot be made automatically
};

/** Accept.js's `dataDescriptor` for the sandbox's tokens. */
export const SANDBOX_DATA_DESCRIPTOR = 'COMMON.SANDBOX.PAYMENT';

/** What a sandbox token carries: never the number, expiry or CVV. */
export interface SandboxTokenPayload {
  v: 1;
  brand: string;
  last4: string;
  outcome: SandboxOutcome;
  nonce: string;
}

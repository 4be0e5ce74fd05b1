import valid from 'card-validator';
import { SANDBOX_DATA_DESCRIPTOR, SANDBOX_TEST_CARDS, type SandboxTokenPayload } from '../contracts/sandbox-cards';

/*
 * The sandbox's stand-in for Authorize.Net's Accept.js, with its shape: `dispatchData(secureData,
 * callback)` checks the card in the browser and answers opaque data to send to our server in
 * place of the card. The number, expiry and CVV never leave the page; the token says
 * only the brand, the last four digits and which test outcome the number stands for.
 */

export interface AcceptCardData {
  cardNumber: string;
  month: string;
  year: string;
  cardCode: string;
  fullName?: string;
}

export interface AcceptResponse {
  messages: { resultCode: 'Ok' | 'Error'; message: { code: string; text: string }[] };
  opaqueData?: { dataDescriptor: string; dataValue: string };
}

/** Accept.js's own error codes for the checks it makes before tokenising. */
const ERRORS = {
  number: { code: 'E_WC_05', text: 'Please provide valid credit card number.' },
  expiry: { code: 'E_WC_08', text: 'Expiration date must be in the future.' },
  cvv: { code: 'E_WC_15', text: 'Please provide valid CVV.' },
} as const;

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function tokenizeSandboxCard(card: AcceptCardData): AcceptResponse {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  const number = valid.number(digits);
  const errors: { code: string; text: string }[] = [];
  if (!number.isValid || !number.card) errors.push(ERRORS.number);
  if (!valid.expirationDate({ month: card.month, year: card.year }).isValid) errors.push(ERRORS.expiry);
  if (!valid.cvv(card.cardCode, number.card?.code.size ?? 3).isValid) errors.push(ERRORS.cvv);
  if (errors.length || !number.card) return { messages: { resultCode: 'Error', message: errors } };
  const payload: SandboxTokenPayload = {
    v: 1,
    brand: number.card.type,
    last4: digits.slice(-4),
    outcome: SANDBOX_TEST_CARDS[digits] ?? 'approved',
    nonce: nonce(),
  };
  return {
    messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
    opaqueData: { dataDescriptor: SANDBOX_DATA_DESCRIPTOR, dataValue: base64url(JSON.stringify(payload)) },
  };
}

/** `window.Accept`'s shape, for the payment form to use whichever is loaded. */
export const sandboxAccept = {
  dispatchData(secureData: { cardData: AcceptCardData }, callback: (response: AcceptResponse) => void): void {
    // Asynchronous like the real one, so the form cannot come to depend on a synchronous answer.
    setTimeout(() => callback(tokenizeSandboxCard(secureData.cardData)), 0);
  },
};

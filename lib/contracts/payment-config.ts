/**
 * What the booking form needs to tokenise a card, handed to it by the page (lib/bff/payment-config.ts).
 * Client-safe: the API login id and the public client key are meant for the browser (Accept.js
 * sends them with the card); the transaction key never leaves the server.
 */
export type PaymentClientConfig =
  { kind: 'sandbox' } | { kind: 'authorize-net'; scriptUrl: string; apiLoginId: string; clientKey: string };

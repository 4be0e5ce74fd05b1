import 'server-only';
import { authorizeNetSettings } from '../config/server-env';
import type { PaymentClientConfig } from '../contracts/payment-config';

/**
 * What the booking form needs to tokenise a card, for pages to pass it as a prop: Accept.js's
 * script URL, the API login id and the public client key when payments go through Authorize.Net
 * (the same settings paymentGateway() uses on the server), else the sandbox. Never the
 * transaction key.
 */
export function paymentClientConfig(): PaymentClientConfig {
  const settings = authorizeNetSettings();
  if (!settings) return { kind: 'sandbox' };
  return {
    kind: 'authorize-net',
    scriptUrl: settings.scriptUrl,
    apiLoginId: settings.apiLoginId,
    clientKey: settings.clientKey,
  };
}

import 'server-only';
import { serverEnv } from '../config/server-env';
import type { PaymentClientConfig } from '../contracts/payment-config';

/**
 * What the booking form needs to tokenise a card, for pages to pass it as a prop: Accept.js's
 * script URL, the API login id and the public client key when Authorize.Net is configured (the
 * same test as paymentGateway() in lib/backend/adapters/payments/payment-adapter.ts), else the
 * sandbox. Never the transaction key.
 */
export function paymentClientConfig(): PaymentClientConfig {
  const env = serverEnv();
  const { AUTHORIZE_NET_API_LOGIN_ID: apiLoginId, AUTHORIZE_NET_CLIENT_KEY: clientKey, PAYMENT_SCRIPT_URL: scriptUrl } = env;
  if (apiLoginId && clientKey && scriptUrl && env.AUTHORIZE_NET_TRANSACTION_KEY) {
    return { kind: 'authorize-net', scriptUrl, apiLoginId, clientKey };
  }
  return { kind: 'sandbox' };
}

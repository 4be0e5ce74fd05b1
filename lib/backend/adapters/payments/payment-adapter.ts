import 'server-only';
import { serverEnv } from '../../../config/server-env';
import { createAuthorizeNetGateway } from './authorize-net-gateway';
import type { PaymentGateway } from './payment-gateway';
import { sandboxGateway } from './sandbox-gateway';

let authorizeNet: { key: string; gateway: PaymentGateway } | undefined;

/**
 * The configured payment gateway (lib/docs/decisions/payments.md). The embedded sandbox unless
 * Authorize.Net is configured: its login id, transaction key and client key and Accept.js's
 * PAYMENT_SCRIPT_URL, all four (lib/config/server-env.ts refuses to start with some of them only).
 */
export function paymentGateway(): PaymentGateway {
  const env = serverEnv();
  const apiLoginId = env.AUTHORIZE_NET_API_LOGIN_ID;
  const transactionKey = env.AUTHORIZE_NET_TRANSACTION_KEY;
  if (!apiLoginId || !transactionKey || !env.AUTHORIZE_NET_CLIENT_KEY || !env.PAYMENT_SCRIPT_URL) return sandboxGateway;
  const key = `${apiLoginId}\n${transactionKey}\n${env.AUTHORIZE_NET_ENDPOINT}`;
  if (authorizeNet?.key !== key) {
    authorizeNet = { key, gateway: createAuthorizeNetGateway({ apiLoginId, transactionKey, endpoint: env.AUTHORIZE_NET_ENDPOINT }) };
  }
  return authorizeNet.gateway;
}

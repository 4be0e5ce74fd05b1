import 'server-only';
import { authorizeNetSettings } from '../../../config/server-env';
import { createAuthorizeNetGateway } from './authorize-net-gateway';
import { sandboxGateway } from './sandbox-gateway';
import type { PaymentGateway } from './payment-gateway';

let authorizeNet: { key: string; gateway: PaymentGateway } | undefined;

/**
 * The configured payment gateway (lib/docs/decisions/payments.md): the embedded sandbox unless
 * Authorize.Net is configured (its login id, transaction key and client key and Accept.js's
 * PAYMENT_SCRIPT_URL, all four; lib/config/server-env.ts refuses to start with some of them only).
 */
export function paymentGateway(): PaymentGateway {
  const settings = authorizeNetSettings();
  if (!settings) return sandboxGateway;
  const key = `${settings.apiLoginId}\n${settings.transactionKey}\n${settings.endpoint}`;
  if (authorizeNet?.key !== key) authorizeNet = { key, gateway: createAuthorizeNetGateway(settings) };
  return authorizeNet.gateway;
}

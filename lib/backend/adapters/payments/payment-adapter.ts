import 'server-only';
import type { PaymentGateway } from './payment-gateway';
import { sandboxGateway } from './sandbox-gateway';

/**
 * The configured payment gateway. The sandbox is the embedded default; Authorize.Net (Accept.js
 * in the browser, its API on the server) comes with the booking issue behind the same interface.
 */
export function paymentGateway(): PaymentGateway {
  return sandboxGateway;
}

import 'server-only';
import { PaymentError, type PaymentFailure } from '../adapters/payments/payment-gateway';
import { ApiError } from '../errors';
import type { ErrorCode } from '../../contracts/errors';

/** Each refusal of the gateway as the API names it; the messages are the spec's (section 8). */
const CODES: Record<PaymentFailure, ErrorCode> = {
  declined: 'paymentDeclined',
  suspicious: 'paymentSuspicious',
  cooldown: 'paymentCooldown',
  duplicate: 'paymentDuplicate',
  invalidCard: 'invalidCard',
  unavailable: 'paymentUnavailable',
  // A refund is not an answer to a request that fails: the booking service records it as a
  // refund to be made by support. Should one reach a caller anyway, the money did not move as
  // asked, which is what paymentUnavailable tells the patient.
  refundNotPossible: 'paymentUnavailable',
};

/** The API error for a payment the gateway refused (cards and booking alike). */
export function paymentApiError(error: PaymentError): ApiError {
  return new ApiError(CODES[error.failure]);
}

/** Runs a gateway call, turning its refusal into the API's error; other errors pass unchanged. */
export async function withPaymentErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentError) throw paymentApiError(error);
    throw error;
  }
}

import 'server-only';
import {
  findAttempt as findAttemptRow,
  insertAttempt,
  moveAttempt as moveAttemptRow,
  type AttemptState,
  type PaymentAttempt,
} from './payment-attempts-repository';

/*
 * Payment attempts as a paid booking records and settles them (lib/docs/decisions/payments.md
 * "Payment flow"), for appointments-service.ts. Apart from payment-reconciliation.ts, which
 * imports appointments-service: the booking importing it back would close an import cycle.
 * Each joins the caller's transaction.
 */

/** Records a started attempt before the gateway is asked, so no charge is made without a committed record of it. */
export async function recordAttempt(values: Parameters<typeof insertAttempt>[0]): Promise<PaymentAttempt> {
  return insertAttempt(values);
}

export async function findAttempt(id: string): Promise<PaymentAttempt | undefined> {
  return findAttemptRow(id);
}

/** Moves the attempt to `to` if it is in one of `from`; false when another party moved it first. */
export async function moveAttempt(
  id: string,
  from: readonly AttemptState[],
  to: AttemptState,
  patch?: Parameters<typeof moveAttemptRow>[3],
): Promise<boolean> {
  return moveAttemptRow(id, from, to, patch);
}

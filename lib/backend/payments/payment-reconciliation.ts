import 'server-only';
import { paymentGateway } from '../adapters/payments/payment-adapter';
import { PaymentError } from '../adapters/payments/payment-gateway';
import { confirmPaidHold, giveBackCharge, HOLD_MINUTES, releaseHold } from '../appointments/appointments-service';
import { inTransaction } from '../../db/transaction';
import { logger } from '../../logging/logger';
import { findUnfinishedAttempts, moveAttempt, type PaymentAttempt } from './payment-attempts-repository';

/*
 * The reconciliation job (lib/docs/decisions/payments.md "Reconciliation"): payment attempts
 * left started or charged past the grace period belong to a request that died or lost its
 * database between the charge and the confirmation. For each, the gateway is asked what
 * happened under the attempt's reference, and the attempt is finished:
 *   charged, hold still there   -> the booking is confirmed (the patient has the appointment)
 *   charged, hold gone          -> the charge is voided (refunded if settled)
 *   never charged (or voided)   -> the attempt fails and the hold, if any, is released
 * A gateway that cannot answer leaves the attempt for the next run.
 */

/**
 * Longer than a hold (so a request still charging is never raced) plus the gateway's timeout:
 * past it, no live request will touch the attempt any more.
 */
export const RECONCILE_GRACE_MS = (HOLD_MINUTES + 5) * 60_000;
const BATCH = 50;

export type Outcome = 'completed' | 'voided' | 'failed' | 'retry';

export async function reconcileAttempt(attempt: PaymentAttempt, now: Date): Promise<Outcome> {
  const held = { appointmentId: attempt.appointmentId, attemptId: attempt.id };
  let charge:
    { transactionId: string; brand: string; last4: string; status: 'captured' | 'voided' | 'refunded' } | undefined;
  try {
    // The lookup goes back a little before the attempt: clocks of the gateway and ours differ.
    charge = await paymentGateway().findCharge(attempt.reference, new Date(attempt.createdAt.getTime() - 60 * 60_000));
  } catch (error) {
    if (error instanceof PaymentError) {
      logger.error(
        { err: error, reference: attempt.reference },
        'payment reconciliation: the gateway could not say what happened to the charge',
      );
      return 'retry';
    }
    throw error;
  }
  if (!charge && attempt.state === 'charged' && attempt.transactionId) {
    // Our row knows the charge (a give-back that failed before): try again.
    return (await giveBackCharge(held, attempt.transactionId, attempt.cardLast4 ?? '')) ? 'voided' : 'retry';
  }
  if (!charge || charge.status !== 'captured') {
    await inTransaction(async () => {
      await moveAttempt(attempt.id, ['started', 'charged'], charge ? 'voided' : 'failed', {
        failure: charge ? 'voidedAtGateway' : 'neverCharged',
      });
      if (attempt.appointmentId) await releaseHold(attempt.appointmentId);
    });
    return charge ? 'voided' : 'failed';
  }
  // A visit whose time has come is not booked after the fact: the money goes back.
  if (attempt.appointmentId && attempt.slotStart.getTime() > now.getTime()) {
    const booked = await confirmPaidHold(
      { appointmentId: attempt.appointmentId, attemptId: attempt.id },
      charge,
      now,
      'system',
    );
    if (booked) return 'completed';
    // confirmPaidHold gave the charge back when the hold was gone.
    return 'voided';
  }
  return (await giveBackCharge(held, charge.transactionId, charge.last4)) ? 'voided' : 'retry';
}

/** One run: every attempt unfinished past the grace period, oldest first. */
export async function reconcilePayments(now: Date = new Date()): Promise<Record<Outcome, number>> {
  const counts: Record<Outcome, number> = { completed: 0, voided: 0, failed: 0, retry: 0 };
  const attempts = await findUnfinishedAttempts(new Date(now.getTime() - RECONCILE_GRACE_MS), BATCH);
  for (const attempt of attempts) counts[await reconcileAttempt(attempt, now)]++;
  return counts;
}

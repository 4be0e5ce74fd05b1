import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/raw';
import { paymentAttempts } from '../../db/schema';
import { executor } from '../../db/transaction';

/*
 * Payment attempts' SQL (lib/docs/decisions/payments.md): every state change is one conditional
 * UPDATE from the states it may leave, so the request that charged and the reconciliation job
 * can never both settle one attempt.
 */

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;
export type AttemptState = PaymentAttempt['state'];

export async function insertAttempt(
  values: Pick<
    PaymentAttempt,
    | 'reference'
    | 'patientUserId'
    | 'appointmentId'
    | 'providerId'
    | 'officeId'
    | 'slotStart'
    | 'amountCents'
    | 'gateway'
  >,
): Promise<PaymentAttempt> {
  const db = await executor();
  const [row] = await db.insert(paymentAttempts).values(values).returning();
  return row!;
}

export async function findAttempt(id: string): Promise<PaymentAttempt | undefined> {
  const db = await executor();
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  return row;
}

/** Moves the attempt to `to` if it is in one of `from`; false when another party moved it first. */
export async function moveAttempt(
  id: string,
  from: readonly AttemptState[],
  to: AttemptState,
  patch: Partial<Pick<PaymentAttempt, 'transactionId' | 'cardBrand' | 'cardLast4' | 'failure'>> = {},
): Promise<boolean> {
  const db = await executor();
  const rows = await db
    .update(paymentAttempts)
    .set({ ...patch, state: to, updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.state, [...from])))
    .returning({ id: paymentAttempts.id });
  return rows.length === 1;
}

/** Attempts still started or charged that were begun before `before`, oldest first. */
export async function findUnfinishedAttempts(before: Date, limit: number): Promise<PaymentAttempt[]> {
  const db = await executor();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from payment_attempts
         where state in ('started', 'charged') and created_at < ${before.toISOString()}
         order by created_at limit ${limit}`,
  );
  if (!rows.length) return [];
  return db
    .select()
    .from(paymentAttempts)
    .where(
      inArray(
        paymentAttempts.id,
        rows.map((r) => r.id),
      ),
    );
}

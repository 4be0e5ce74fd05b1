import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { patientAppUsers, paymentCards, paymentCustomers } from '../../db/schema';

export type PaymentCardRow = typeof paymentCards.$inferSelect;
export type PaymentCustomerRow = typeof paymentCustomers.$inferSelect;

/**
 * Locks the patient's row until the transaction ends and answers their email, so one patient's
 * card changes run one after another: two first cards saved at once would otherwise both create
 * a gateway customer, and two default switches could both clear and both set. NO KEY UPDATE
 * does not block inserts that merely reference the patient (sessions, images, appointments).
 */
export async function lockCardOwner(userId: string): Promise<{ email: string } | undefined> {
  const db = await executor();
  const rows = await db
    .select({ email: patientAppUsers.email })
    .from(patientAppUsers)
    .where(eq(patientAppUsers.id, userId))
    .for('no key update');
  return rows[0];
}

export async function findPaymentCustomer(userId: string): Promise<PaymentCustomerRow | undefined> {
  const db = await executor();
  const rows = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId)).limit(1);
  return rows[0];
}

/** Records the patient's customer profile at the gateway (replacing one kept at another gateway). */
export async function upsertPaymentCustomer(
  values: Pick<PaymentCustomerRow, 'userId' | 'gateway' | 'customerProfileId'>,
): Promise<void> {
  const db = await executor();
  await db
    .insert(paymentCustomers)
    .values(values)
    .onConflictDoUpdate({
      target: paymentCustomers.userId,
      set: { gateway: values.gateway, customerProfileId: values.customerProfileId },
    });
}

/** The patient's cards at this gateway: the default first, then the newest. */
export async function listOwnCards(userId: string, gateway: string): Promise<PaymentCardRow[]> {
  const db = await executor();
  return db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.gateway, gateway)))
    .orderBy(desc(paymentCards.isPrimary), desc(paymentCards.createdAt), desc(paymentCards.id));
}

/** One of the patient's cards; another patient's id finds nothing, exactly like an unknown one. */
export async function findOwnCard(userId: string, id: string, gateway: string): Promise<PaymentCardRow | undefined> {
  const db = await executor();
  const rows = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId), eq(paymentCards.gateway, gateway)))
    .limit(1);
  return rows[0];
}

export async function hasDefaultCard(userId: string, gateway: string): Promise<boolean> {
  const db = await executor();
  const rows = await db
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.gateway, gateway), eq(paymentCards.isPrimary, true)))
    .limit(1);
  return rows.length > 0;
}

/** Unsets the patient's default card (whichever gateway's: the unique index allows one per patient). */
export async function clearDefaultCard(userId: string): Promise<void> {
  const db = await executor();
  await db
    .update(paymentCards)
    .set({ isPrimary: false })
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isPrimary, true)));
}

export async function markDefaultCard(userId: string, id: string): Promise<void> {
  const db = await executor();
  await db
    .update(paymentCards)
    .set({ isPrimary: true })
    .where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId)));
}

export async function insertCard(
  values: Omit<typeof paymentCards.$inferInsert, 'id' | 'createdAt'>,
): Promise<PaymentCardRow> {
  const db = await executor();
  // The statement's time, not now() (the transaction's start): "newest" then orders cards saved
  // within one transaction too.
  const rows = await db
    .insert(paymentCards)
    .values({ ...values, createdAt: new Date() })
    .returning();
  return rows[0]!;
}

export async function deleteOwnCard(userId: string, id: string): Promise<void> {
  const db = await executor();
  await db.delete(paymentCards).where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId)));
}

/** Makes the patient's newest card at this gateway the default (none left: nothing happens). */
export async function promoteNewestCard(userId: string, gateway: string): Promise<void> {
  const db = await executor();
  await db.execute(sql`
    update ${paymentCards} set is_primary = true
    where id = (
      select id from ${paymentCards}
      where user_id = ${userId} and gateway = ${gateway}
      order by created_at desc, id desc
      limit 1
    )`);
}

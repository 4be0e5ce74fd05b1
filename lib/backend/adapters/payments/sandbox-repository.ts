import 'server-only';
import { and, desc, eq, gt } from 'drizzle-orm';
import { executor } from '../../../db/transaction';
import { sandboxPayments } from '../../../db/schema';

export type SandboxRow = typeof sandboxPayments.$inferSelect;

/** Inserts a row; false when its id is taken (a token used twice). The primary key decides, so races are safe. */
export async function insertSandboxRow(values: typeof sandboxPayments.$inferInsert): Promise<boolean> {
  const db = await executor();
  const rows = await db
    .insert(sandboxPayments)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: sandboxPayments.id });
  return rows.length === 1;
}

export async function findSandboxRow(id: string, kind: SandboxRow['kind']): Promise<SandboxRow | undefined> {
  const db = await executor();
  const rows = await db
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.kind, kind)))
    .limit(1);
  return rows[0];
}

/**
 * The latest charge under this reference since `since`: the gateway's duplicate check and
 * reconciliation's lookup.
 */
export async function findChargeByReference(reference: string, since: Date): Promise<SandboxRow | undefined> {
  const db = await executor();
  const rows = await db
    .select()
    .from(sandboxPayments)
    .where(
      and(
        eq(sandboxPayments.reference, reference),
        eq(sandboxPayments.kind, 'charge'),
        gt(sandboxPayments.createdAt, since),
      ),
    )
    .orderBy(desc(sandboxPayments.createdAt))
    .limit(1);
  return rows[0];
}

/** Moves a charge from one status to the next; false when it was not in `from` (voided or refunded already). */
export async function moveSandboxCharge(id: string, from: string, to: string): Promise<boolean> {
  const db = await executor();
  const rows = await db
    .update(sandboxPayments)
    .set({ status: to })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.kind, 'charge'), eq(sandboxPayments.status, from)))
    .returning({ id: sandboxPayments.id });
  return rows.length === 1;
}

export async function deleteSandboxCard(id: string): Promise<void> {
  const db = await executor();
  await db.delete(sandboxPayments).where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.kind, 'card')));
}

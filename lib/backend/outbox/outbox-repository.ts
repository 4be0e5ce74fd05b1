import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { queryRows } from '../../db/raw';
import { outboxEmails } from '../../db/schema';

export type OutboxRow = typeof outboxEmails.$inferSelect;

/** Writes an email on the caller's executor: inside its transaction, it exists only if that commits. */
export async function insertOutboxEmail(values: typeof outboxEmails.$inferInsert): Promise<void> {
  const db = await executor();
  await db.insert(outboxEmails).values(values);
}

/** One outbox email by id (the dev mailbox's attachment downloads). */
export async function findOutboxEmail(id: number): Promise<OutboxRow | undefined> {
  const db = await executor();
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}

export async function listOutboxEmails(limit = 50): Promise<OutboxRow[]> {
  const db = await executor();
  return db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(limit);
}

/**
 * Claims up to `limit` due emails for delivery. SKIP LOCKED lets several server processes claim
 * at once without taking the same row, and the claim is a lease: `next_attempt_at` moves
 * `leaseSeconds` ahead, so a process that dies mid-delivery leaves the row to be retried.
 */
export async function claimDueEmails(limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const db = await executor();
  const rows = await queryRows<{
    id: number | string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    attachments: OutboxRow['attachments'] | string;
    attempts: number;
  }>(
    db,
    sql`update outbox_emails
          set attempts = attempts + 1,
              next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        where id in (
          select id from outbox_emails
           where status = 'pending' and next_attempt_at <= now()
           order by next_attempt_at, id
           limit ${limit}
           for update skip locked)
        returning id, to_address, subject, text_body, html_body, attachments, attempts`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    toAddress: r.to_address,
    subject: r.subject,
    textBody: r.text_body,
    htmlBody: r.html_body,
    attachments: typeof r.attachments === 'string' ? JSON.parse(r.attachments) : r.attachments,
    attempts: r.attempts,
  })) as OutboxRow[];
}

export async function markEmailSent(id: number): Promise<void> {
  const db = await executor();
  await db
    .update(outboxEmails)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'pending')));
}

/** A failed attempt: retried at `retryAt`, or given up ('failed') when `retryAt` is null. */
export async function markEmailFailed(id: number, error: string, retryAt: Date | null): Promise<void> {
  const db = await executor();
  await db
    .update(outboxEmails)
    .set(
      retryAt
        ? { lastError: error.slice(0, 500), nextAttemptAt: retryAt }
        : { status: 'failed', lastError: error.slice(0, 500) },
    )
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'pending')));
}

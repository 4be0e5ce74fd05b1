import 'server-only';
import { desc } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { outboxEmails } from '../../db/schema';

export type OutboxRow = typeof outboxEmails.$inferSelect;

export async function insertOutboxEmail(values: typeof outboxEmails.$inferInsert): Promise<void> {
  const db = await getDb();
  await db.insert(outboxEmails).values(values);
}

export async function listOutboxEmails(limit = 50): Promise<OutboxRow[]> {
  const db = await getDb();
  return db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(limit);
}

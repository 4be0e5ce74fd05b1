import 'server-only';
import { and, eq, gt, lt } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { assistantConversations } from '../../db/schema';

export type ConversationRow = typeof assistantConversations.$inferSelect;

/** A conversation last touched after `since`; older ones are as gone as unknown ones. */
export async function findConversation(idHash: string, since: Date): Promise<ConversationRow | undefined> {
  const db = await executor();
  const rows = await db
    .select()
    .from(assistantConversations)
    .where(and(eq(assistantConversations.idHash, idHash), gt(assistantConversations.updatedAt, since)));
  return rows[0];
}

/** Creates or replaces the conversation's state and messages (one row per conversation). */
export async function saveConversation(values: {
  idHash: string;
  userId: string | null;
  state: unknown;
  messages: unknown;
  now: Date;
}): Promise<void> {
  const db = await executor();
  await db
    .insert(assistantConversations)
    .values({
      idHash: values.idHash,
      userId: values.userId,
      state: values.state,
      messages: values.messages,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: assistantConversations.idHash,
      set: { state: values.state, messages: values.messages, updatedAt: values.now },
    });
}

/** Removes conversations idle since before `before` (run when a new conversation starts). */
export async function deleteConversationsIdleSince(before: Date): Promise<void> {
  const db = await executor();
  await db.delete(assistantConversations).where(lt(assistantConversations.updatedAt, before));
}

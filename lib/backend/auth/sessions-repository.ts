import 'server-only';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { sessions } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(userId: string, tokenHash: string): Promise<SessionRow> {
  const db = await executor();
  const rows = await db.insert(sessions).values({ userId, tokenHash }).returning();
  return rows[0]!;
}

export async function findLiveSession(tokenHash: string): Promise<SessionRow | undefined> {
  const db = await executor();
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  return rows[0];
}

export async function touchSession(id: string, at: Date): Promise<void> {
  const db = await executor();
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, id));
}

export async function revokeSession(id: string): Promise<void> {
  const db = await executor();
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user. */
export async function revokeUserSessions(userId: string): Promise<void> {
  const db = await executor();
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends the user's other sessions (other devices) after a password change, keeping the current one. */
export async function revokeOtherSessions(userId: string, keepSessionId: string): Promise<void> {
  const db = await executor();
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
}

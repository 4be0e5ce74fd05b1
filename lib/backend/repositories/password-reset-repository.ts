import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { passwordResetTokens, patientAppUsers } from '../../db/schema';
import { revokeUserSessions } from './sessions-repository';

export async function insertResetToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  const db = await getDb();
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

export async function findUsableResetToken(tokenHash: string, now: Date) {
  const db = await getDb();
  const rows = await db
    .select({ userId: passwordResetTokens.userId, email: patientAppUsers.email })
    .from(passwordResetTokens)
    .innerJoin(patientAppUsers, eq(patientAppUsers.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * Uses a token once: marks it (and the user's other open tokens) used, sets the password and
 * revokes every session, all in one transaction. Returns false when the token was already
 * used or expired, so two tabs racing with one link cannot both succeed.
 */
export async function consumeResetToken(tokenHash: string, passwordHash: string, now: Date): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    const userId = used[0]?.userId;
    if (!userId) return false;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(patientAppUsers).set({ passwordHash, updatedAt: now }).where(eq(patientAppUsers.id, userId));
    await revokeUserSessions(userId, tx as unknown as Db);
    return true;
  });
}

import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { passwordResetTokens, patientAppUsers } from '../../db/schema';

export async function insertResetToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  const db = await executor();
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

export async function findUsableResetToken(tokenHash: string, now: Date) {
  const db = await executor();
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
 * Marks a usable token used and returns its user, or undefined when it was already used or has
 * expired: the conditional update decides, so two tabs racing with one link cannot both win.
 */
export async function useResetToken(tokenHash: string, now: Date): Promise<string | undefined> {
  const db = await executor();
  const used = await db
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
  return used[0]?.userId;
}

/** Closes the user's other open reset links once one of them has been used. */
export async function closeOpenResetTokens(userId: string, now: Date): Promise<void> {
  const db = await executor();
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

import 'server-only';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { loginAttempts } from '../../db/schema';

export type ThrottleKind = 'login' | 'reset';

export async function recordAttempt(kind: ThrottleKind, email: string, ip: string, succeeded: boolean): Promise<void> {
  const db = await executor();
  await db.insert(loginAttempts).values({ kind, email, ip, succeeded });
}

/**
 * Failures counted since `since`, with the oldest one's time (it tells when the window frees
 * up). For an email, a success clears the count: the owner got in. For an address it must not:
 * anyone with an account of their own could log into it every 29 guesses and never reach the
 * per-address limit.
 */
export async function countFailures(kind: ThrottleKind, by: 'email' | 'ip', value: string, since: Date) {
  const db = await executor();
  const column = by === 'email' ? loginAttempts.email : loginAttempts.ip;
  const lastSuccess = db
    .select({ at: sql`coalesce(max(${loginAttempts.createdAt}), '-infinity'::timestamptz)` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.kind, kind), eq(column, value), eq(loginAttempts.succeeded, true)));
  const rows = await db
    .select({ failures: count(), oldest: min(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.kind, kind),
        eq(column, value),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, since),
        by === 'email' ? gt(loginAttempts.createdAt, sql`(${lastSuccess})`) : undefined,
      ),
    );
  return { failures: Number(rows[0]?.failures ?? 0), oldest: rows[0]?.oldest ?? null };
}

export async function pruneAttempts(before: Date): Promise<void> {
  const db = await executor();
  await db.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < ${before}`);
}

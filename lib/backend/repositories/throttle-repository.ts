import 'server-only';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export type ThrottleKind = 'login' | 'reset';

export async function recordAttempt(kind: ThrottleKind, email: string, ip: string, succeeded: boolean): Promise<void> {
  const db = await getDb();
  await db.insert(loginAttempts).values({ kind, email, ip, succeeded });
}

/**
 * Failures counted since `since` and since the last success for the same key, with the
 * oldest one's time (it tells when the window frees up).
 */
export async function countFailures(kind: ThrottleKind, by: 'email' | 'ip', value: string, since: Date) {
  const db = await getDb();
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
        gt(loginAttempts.createdAt, sql`(${lastSuccess})`),
      ),
    );
  return { failures: Number(rows[0]?.failures ?? 0), oldest: rows[0]?.oldest ?? null };
}

export async function pruneAttempts(before: Date): Promise<void> {
  const db = await getDb();
  await db.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < ${before}`);
}

import 'server-only';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { practiceRequests, specialties } from '../../db/schema';
import type { Locale } from '../../i18n/languages';

export type PracticeRequestRow = typeof practiceRequests.$inferSelect;

/**
 * Serialises requests for one NPI until the transaction ends, so the 24-hour check and the insert
 * that follows it cannot interleave with another request for the same practice.
 */
export async function lockNpi(npi: string): Promise<void> {
  const db = await executor();
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`practice-request:${npi}`}))`);
}

export async function hasRequestSince(npi: string, since: Date): Promise<boolean> {
  const db = await executor();
  const rows = await db
    .select({ id: practiceRequests.id })
    .from(practiceRequests)
    .where(and(eq(practiceRequests.npi, npi), gt(practiceRequests.createdAt, since)))
    .limit(1);
  return rows.length > 0;
}

/** Undefined when the (npi, request_day) unique index already holds a row. */
export async function insertPracticeRequest(
  values: typeof practiceRequests.$inferInsert,
): Promise<PracticeRequestRow | undefined> {
  const db = await executor();
  const rows = await db.insert(practiceRequests).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/** The specialties among `ids` that exist, named in `locale`, in catalogue order. */
export async function findSpecialtyNames(ids: number[], locale: Locale): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  const db = await executor();
  return db
    .select({ id: specialties.id, name: locale === 'es' ? specialties.nameEs : specialties.nameEn })
    .from(specialties)
    .where(inArray(specialties.id, ids))
    .orderBy(specialties.id);
}

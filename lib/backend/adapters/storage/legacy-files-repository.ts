import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { executor } from '../../../db/transaction';
import { storedFiles } from '../../../db/schema';

/*
 * The `stored_files` table, where versions before the file store kept image bytes. Read, deleted
 * and emptied only (legacy-files.ts); nothing is written here any more.
 */

export async function findLegacyFile(key: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const db = await executor();
  const rows = await db
    .select({ contentType: storedFiles.contentType, bytes: storedFiles.bytes })
    .from(storedFiles)
    .where(eq(storedFiles.key, key))
    .limit(1);
  return rows[0];
}

export async function hasLegacyFile(key: string): Promise<boolean> {
  const db = await executor();
  const rows = await db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
  return rows.length > 0;
}

export async function deleteLegacyFile(key: string): Promise<void> {
  const db = await executor();
  await db.delete(storedFiles).where(eq(storedFiles.key, key));
}

/** The next key left in the table, one at a time so a large table is never read whole. */
export async function nextLegacyKey(): Promise<string | undefined> {
  const db = await executor();
  const rows = await db.select({ key: storedFiles.key }).from(storedFiles).orderBy(asc(storedFiles.key)).limit(1);
  return rows[0]?.key;
}

import 'server-only';
import { eq } from 'drizzle-orm';
import { s3Settings } from '../../../config/server-env';
import { executor } from '../../../db/transaction';
import { storedFiles } from '../../../db/schema';
import type { FileStorage } from './file-storage';
import { createS3Storage } from './s3-storage';

export type { FileStorage, StoredObject } from './file-storage';

/**
 * Embedded default: the bytes in PostgreSQL (or PGlite), written on the caller's executor, so a
 * file stored inside a transaction disappears with it when the transaction rolls back, and every
 * server process sees every file. Object storage can replace it behind this interface.
 */
const databaseStorage: FileStorage = {
  kind: 'database',
  async put(key, object) {
    const db = await executor();
    await db.insert(storedFiles).values({ key, contentType: object.contentType, bytes: object.bytes });
  },
  async get(key) {
    const db = await executor();
    const rows = await db
      .select({ contentType: storedFiles.contentType, bytes: storedFiles.bytes })
      .from(storedFiles)
      .where(eq(storedFiles.key, key))
      .limit(1);
    return rows[0];
  },
  async has(key) {
    const db = await executor();
    const rows = await db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
    return rows.length > 0;
  },
  async delete(key) {
    const db = await executor();
    await db.delete(storedFiles).where(eq(storedFiles.key, key));
  },
};

let s3: { key: string; storage: FileStorage } | undefined;

/** The configured store: S3 when its variables are set (README "Configuration"), else the database. */
export function fileStorage(): FileStorage {
  const settings = s3Settings();
  if (!settings) return databaseStorage;
  const key = JSON.stringify(settings);
  if (s3?.key !== key) s3 = { key, storage: createS3Storage(settings) };
  return s3.storage;
}

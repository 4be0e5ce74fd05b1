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
  if (s3?.key !== key) s3 = { key, storage: withDatabaseFallback(createS3Storage(settings)) };
  return s3.storage;
}

/**
 * Images stored in the database before S3 was switched on stay readable and deletable: new
 * objects go to S3, a key S3 does not have is looked up in the database, and a delete removes
 * the key from both (deleting a missing key is not an error in either).
 */
function withDatabaseFallback(objects: FileStorage): FileStorage {
  return {
    kind: objects.kind,
    put: (key, object) => objects.put(key, object),
    async get(key) {
      return (await objects.get(key)) ?? databaseStorage.get(key);
    },
    async has(key) {
      return (await objects.has(key)) || databaseStorage.has(key);
    },
    async delete(key) {
      await objects.delete(key);
      await databaseStorage.delete(key);
    },
  };
}

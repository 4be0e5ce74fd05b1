import 'server-only';
import { eq } from 'drizzle-orm';
import { executor } from '../../../db/transaction';
import { storedFiles } from '../../../db/schema';

export interface StoredObject {
  contentType: string;
  bytes: Buffer;
}

/**
 * Where uploaded files live (ARCHITECTURE.md "Adapters"). Keys are opaque and chosen by the
 * caller; nothing about a file's owner is inferred from them (ownership is the images table's).
 */
export interface FileStorage {
  readonly kind: 'database';
  put(key: string, object: StoredObject): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
}

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
  async delete(key) {
    const db = await executor();
    await db.delete(storedFiles).where(eq(storedFiles.key, key));
  },
};

export function fileStorage(): FileStorage {
  return databaseStorage;
}

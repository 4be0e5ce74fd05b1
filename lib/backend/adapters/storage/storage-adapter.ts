import 'server-only';
import path from 'node:path';
import { s3Settings, serverEnv } from '../../../config/server-env';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import { deleteLegacyFile, findLegacyFile, hasLegacyFile } from './legacy-files-repository';
import type { FileStorage } from './file-storage';

export type { FileStorage } from './file-storage';

let current: { key: string; storage: FileStorage } | undefined;

/**
 * The configured store: S3 when its variables are set (README "Configuration"), else files in
 * DATA_DIR/files. Either reads and deletes, as a fallback, the files earlier versions kept in
 * the database until the start-up move (legacy-files.ts) has taken them out.
 */
export function fileStorage(): FileStorage {
  const settings = s3Settings();
  const key = settings ? JSON.stringify(settings) : `disk:${serverEnv().dataDir}`;
  if (current?.key !== key) {
    const objects = settings ? createS3Storage(settings) : createDiskStorage(filesDir());
    current = { key, storage: withDatabaseFallback(objects) };
  }
  return current.storage;
}

/** Where the disk store keeps its files. */
export function filesDir(): string {
  return path.join(serverEnv().dataDir, 'files');
}

function withDatabaseFallback(objects: FileStorage): FileStorage {
  return {
    kind: objects.kind,
    put: (key, object) => objects.put(key, object),
    async get(key) {
      return (await objects.get(key)) ?? findLegacyFile(key);
    },
    async has(key) {
      return (await objects.has(key)) || hasLegacyFile(key);
    },
    async delete(key) {
      await objects.delete(key);
      await deleteLegacyFile(key);
    },
    sweepPartialWrites: objects.sweepPartialWrites,
  };
}

import 'server-only';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../errors';
import { logger } from '../../../logging/logger';
import type { FileStorage } from './file-storage';

/** Keys are ours (`images/<uuid>`): anything else could name a path outside the folder. */
const KEY = /^[a-z]+\/[0-9a-f-]{36}$/;

function pathOf(root: string, key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
  return path.join(root, key);
}

/**
 * The embedded default: one file per object under DATA_DIR/files, written with the asynchronous
 * fs calls (libuv's thread pool), so a 10 MB image never holds the event loop the way a bytea
 * write to the embedded database did. A file appears whole or not at all: it is written under a
 * temporary name in the same folder, flushed, and renamed over its key (rename is atomic on one
 * file system), so a crash leaves at most a `.tmp-` file, which nobody reads and the
 * pending-uploads job removes. Several server
 * processes on one machine may share the folder; across machines, configure S3.
 */
export function createDiskStorage(root: string): FileStorage {
  const fail = (action: string, key: string, error: unknown): never => {
    logger.error({ err: error, action, key }, 'disk storage failed');
    throw new ApiError('storageUnavailable');
  };
  return {
    kind: 'disk',
    async put(key, object) {
      const target = pathOf(root, key);
      const temporary = path.join(path.dirname(target), `.tmp-${crypto.randomUUID()}`);
      try {
        await fs.mkdir(path.dirname(target), { recursive: true });
        const file = await fs.open(temporary, 'wx', 0o600);
        try {
          await file.writeFile(object.bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true }).catch(() => undefined);
        fail('write', key, error);
      }
    },
    async get(key) {
      try {
        return { contentType: 'application/octet-stream', bytes: await fs.readFile(pathOf(root, key)) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        return fail('read', key, error);
      }
    },
    async has(key) {
      try {
        await fs.access(pathOf(root, key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      try {
        await fs.rm(pathOf(root, key), { force: true });
      } catch (error) {
        fail('delete', key, error);
      }
    },
    async sweepPartialWrites(before) {
      let removed = 0;
      const folders = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
      for (const folder of folders.filter((entry) => entry.isDirectory())) {
        const dir = path.join(root, folder.name);
        for (const name of (await fs.readdir(dir).catch(() => [])).filter((n) => n.startsWith('.tmp-'))) {
          const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
          if (stat && stat.mtime < before) {
            await fs.rm(path.join(dir, name), { force: true });
            removed++;
          }
        }
      }
      return removed;
    },
  };
}

import 'server-only';
import { logger } from '../../../logging/logger';
import { deleteLegacyFile, findLegacyFile, nextLegacyKey } from './legacy-files-repository';
import { fileStorage } from './storage-adapter';

/**
 * Moves the image bytes earlier versions kept in the database (`stored_files`) to the file store,
 * one file at a time, each deleted from the table once written: a database that had images when
 * it was upgraded is emptied by the first run after start-up, and until then the store falls
 * back to the table for reads. Two processes moving at once write the same bytes under the same
 * key, which is harmless. Answers how many files were moved.
 */
export async function moveLegacyFiles(): Promise<number> {
  let moved = 0;
  for (let key = await nextLegacyKey(); key; key = await nextLegacyKey()) {
    const file = await findLegacyFile(key);
    if (file) await fileStorage().put(key, file);
    await deleteLegacyFile(key);
    moved++;
  }
  if (moved) logger.info({ moved, store: fileStorage().kind }, 'image files moved from the database to the file store');
  return moved;
}

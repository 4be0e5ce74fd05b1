import 'server-only';
import crypto from 'node:crypto';
import type { Image, ImageUploadFields } from '../../contracts/images';
import { imageIdSchema } from '../../contracts/images';
import { inTransaction } from '../../db/transaction';
import type { UploadedFile } from '../../http/upload';
import { fileStorage } from '../adapters/storage/storage-adapter';
import { ApiError } from '../errors';
import type { AuthenticatedSession } from '../auth/auth-service';
import { processImage, type ProcessedImage } from './image-pipeline';
import { deleteOwnedImage, findOwnedImage, insertImage, type ImageRow } from './images-repository';

/** The form field that carries the files of `POST /v4/images`. */
export const IMAGE_FIELD = 'images';

function toImageDto(row: ImageRow): Image {
  return {
    id: row.id,
    purpose: row.purpose,
    contentType: row.contentType as Image['contentType'],
    width: row.width,
    height: row.height,
    byteSize: row.byteSize,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Checks, re-encodes and stores uploaded images for their owner. Every file is processed before
 * anything is stored, and all are stored in one transaction: one corrupt file of five stores
 * none, and the error names the problem in the patient's language.
 */
export async function uploadImages(
  auth: AuthenticatedSession,
  fields: ImageUploadFields,
  files: UploadedFile[],
): Promise<Image[]> {
  const mine = files.filter((f) => f.field === IMAGE_FIELD);
  if (!mine.length || mine.length !== files.length) throw new ApiError('badRequest', 'api.noFiles');
  // A profile photo is one square picture (cropped here, so every avatar shows the same crop).
  if (fields.purpose === 'profile' && mine.length > 1) throw new ApiError('tooManyFiles');
  const processed: ProcessedImage[] = [];
  for (const file of mine) processed.push(await processImage(file.bytes, { square: fields.purpose === 'profile' }));
  const storage = fileStorage();
  const objects = processed.map((image) => ({ image, storageKey: `images/${crypto.randomUUID()}` }));
  const record = () =>
    inTransaction(async () => {
      const stored: ImageRow[] = [];
      for (const { image, storageKey } of objects) {
        // The database store writes on this transaction: a failed insert takes the bytes with it.
        if (storage.kind === 'database') await storage.put(storageKey, { contentType: image.contentType, bytes: image.bytes });
        stored.push(
          await insertImage({
            ownerId: auth.userId,
            purpose: fields.purpose,
            storageKey,
            contentType: image.contentType,
            width: image.width,
            height: image.height,
            byteSize: image.bytes.length,
          }),
        );
      }
      return stored;
    });
  if (storage.kind === 'database') return (await record()).map(toImageDto);

  // Object storage is outside the transaction: every object is stored before any row names it (a
  // failed store records nothing), and objects whose rows then fail are removed again, so neither
  // a row without its bytes nor unreachable bytes are left behind.
  const put: string[] = [];
  let rows: ImageRow[];
  try {
    for (const { image, storageKey } of objects) {
      await storage.put(storageKey, { contentType: image.contentType, bytes: image.bytes });
      put.push(storageKey);
    }
    rows = await record();
  } catch (error) {
    await removeObjects(put);
    throw error;
  }
  return rows.map(toImageDto);
}

/** Best effort: an object that cannot be removed now is logged with its key, for removal by hand. */
async function removeObjects(keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await fileStorage().delete(key);
    } catch {
      console.error('[images] an object of a failed upload could not be removed; delete it from the bucket by hand:', key);
    }
  }
}

function ownedId(id: string): string {
  const parsed = imageIdSchema.safeParse(id);
  if (!parsed.success) throw new ApiError('notFound');
  return parsed.data;
}

/** The bytes of one of the patient's own images; anyone else's id answers 404. */
export async function readImage(auth: AuthenticatedSession, id: string): Promise<{ contentType: string; bytes: Buffer }> {
  const row = await findOwnedImage(auth.userId, ownedId(id));
  const object = row && (await fileStorage().get(row.storageKey));
  if (!row || !object) throw new ApiError('notFound');
  return { contentType: row.contentType, bytes: object.bytes };
}

export async function deleteImage(auth: AuthenticatedSession, id: string): Promise<void> {
  const imageId = ownedId(id);
  const deleted = await inTransaction(async () => {
    const row = await deleteOwnedImage(auth.userId, imageId);
    if (row) await fileStorage().delete(row.storageKey);
    return row;
  });
  if (!deleted) throw new ApiError('notFound');
}

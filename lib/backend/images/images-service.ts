import 'server-only';
import crypto from 'node:crypto';
import { imageIdSchema } from '../../contracts/images';
import { inTransaction } from '../../db/transaction';
import { logger } from '../../logging/logger';
import { fileStorage } from '../adapters/storage/storage-adapter';
import { ApiError } from '../errors';
import { takeUploadPoints, uploadQuotaBytes } from '../throttle/upload-limits';
import { processImage, type ProcessedImage } from './image-pipeline';
import {
  deleteImagesById,
  deleteOwnedImage,
  deletePendingImage,
  findOwnedImage,
  findPendingImages,
  insertPendingImages,
  lockOwnerImages,
  markImagesStored,
  ownerImageBytes,
  type ImageRow,
} from './images-repository';
import { imageSlots, sweepUploadSpool } from './processing-slots';
import type { AuthenticatedSession } from '../auth/auth-service';
import type { UploadedFile } from '../../http/upload';
import type { Image, ImageUploadFields } from '../../contracts/images';

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
 * Checks, re-encodes and stores uploaded images for their owner. The upload budget is taken
 * first (before any decoding), every file is decoded in the server's bounded processing slots
 * before anything is stored (one corrupt file of five stores none), and the quota is checked
 * against the re-encoded sizes. Then the rows are committed as pending, the objects written, and
 * the rows marked stored: a crash in between leaves pending rows that the pending-uploads job
 * removes with their objects, never an object nobody knows of (uploads-and-images.md).
 */
export async function uploadImages(
  auth: AuthenticatedSession,
  fields: ImageUploadFields,
  // An upload's files as spooled to disk, or images made on the server (the demo patient's).
  files: (UploadedFile | (Pick<UploadedFile, 'field' | 'filename'> & { bytes: Buffer }))[],
): Promise<Image[]> {
  const mine = files.filter((f) => f.field === IMAGE_FIELD);
  if (!mine.length || mine.length !== files.length) throw new ApiError('badRequest', 'api.noFiles');
  // A profile photo is one square picture (cropped here, so every avatar shows the same crop).
  if (fields.purpose === 'profile' && mine.length > 1) throw new ApiError('tooManyFiles');
  await takeUploadPoints(auth.userId, mine.length);
  // A patient already at the quota is told so before any decoding.
  if ((await ownerImageBytes(auth.userId)) >= uploadQuotaBytes()) throw new ApiError('storageQuotaExceeded');
  const processed: ProcessedImage[] = [];
  for (const file of mine) {
    processed.push(
      await imageSlots().run(() =>
        processImage('bytes' in file ? file.bytes : file, { square: fields.purpose === 'profile' }),
      ),
    );
  }
  const objects = processed.map((image) => ({ image, storageKey: `images/${crypto.randomUUID()}` }));
  const pending = await inTransaction(async () => {
    await lockOwnerImages(auth.userId);
    const adding = processed.reduce((sum, image) => sum + image.bytes.length, 0);
    if ((await ownerImageBytes(auth.userId)) + adding > uploadQuotaBytes()) throw new ApiError('storageQuotaExceeded');
    return insertPendingImages(
      objects.map(({ image, storageKey }) => ({
        ownerId: auth.userId,
        purpose: fields.purpose,
        storageKey,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        byteSize: image.bytes.length,
      })),
    );
  });

  // Objects that were written and whose rows then failed are removed again, with their rows.
  const storage = fileStorage();
  const put: string[] = [];
  try {
    for (const { image, storageKey } of objects) {
      await storage.put(storageKey, { contentType: image.contentType, bytes: image.bytes });
      put.push(storageKey);
    }
    const stored = await markImagesStored(pending.map((row) => row.id));
    // The sweep took rows this upload was too slow to finish: what is left is not an upload.
    if (stored.length !== pending.length) throw new ApiError('storageUnavailable');
    const byId = new Map(stored.map((row) => [row.id, row]));
    return pending.map((row) => toImageDto(byId.get(row.id)!));
  } catch (error) {
    await removeObjects(put);
    await deleteImagesById(pending.map((row) => row.id)).catch((cleanup: unknown) => {
      // The pending rows stay; the pending-uploads job removes them and any object they name.
      logger.error({ err: cleanup }, 'the pending rows of a failed upload could not be removed');
    });
    throw error;
  }
}

/** Best effort: an object that cannot be removed now stays named by its pending row, for the sweep. */
async function removeObjects(keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await fileStorage().delete(key);
    } catch (error) {
      logger.error(
        { err: error, key },
        'an object of a failed upload could not be removed now; the pending-uploads job will',
      );
    }
  }
}

/** How long a row may stay pending before it counts as an upload that died. */
export const PENDING_UPLOAD_BOUND_MS = 15 * 60 * 1000;

/**
 * Removes what uploads that died between their row and their object left behind: each pending
 * row older than the bound loses its object (if it got that far), then the row. An object that
 * cannot be deleted now keeps its row for the next run. Answers how many rows were removed.
 */
export async function sweepPendingUploads(now = new Date()): Promise<number> {
  const stale = await findPendingImages(new Date(now.getTime() - PENDING_UPLOAD_BOUND_MS), 100);
  let removed = 0;
  for (const row of stale) {
    try {
      await fileStorage().delete(row.storageKey);
    } catch {
      continue; // logged by the store; tried again on the next run
    }
    await deletePendingImage(row.id);
    removed++;
  }
  // A process that died while writing a file leaves its temporary file (disk store only), and
  // one that died during an upload leaves the upload's files in the spool folder.
  await fileStorage().sweepPartialWrites?.(new Date(now.getTime() - PENDING_UPLOAD_BOUND_MS));
  await sweepUploadSpool(new Date(now.getTime() - PENDING_UPLOAD_BOUND_MS));
  return removed;
}

function ownedId(id: string): string {
  const parsed = imageIdSchema.safeParse(id);
  if (!parsed.success) throw new ApiError('notFound');
  return parsed.data;
}

/** One of the patient's own images as recorded (its purpose, its key), or undefined for anyone else's id. */
export async function ownImage(auth: AuthenticatedSession, id: string): Promise<ImageRow | undefined> {
  return findOwnedImage(auth.userId, id);
}

/** The bytes of one of the patient's own images; anyone else's id answers 404. */
export async function readImage(
  auth: AuthenticatedSession,
  id: string,
): Promise<{ contentType: string; bytes: Buffer }> {
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

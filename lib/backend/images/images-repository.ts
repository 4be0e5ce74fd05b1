import 'server-only';
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { images } from '../../db/schema';
import { queryRows } from '../../db/raw';

export type ImageRow = typeof images.$inferSelect;

/** Inserts rows in the pending state (no `stored_at`): their objects are not written yet. */
export async function insertPendingImages(values: (typeof images.$inferInsert)[]): Promise<ImageRow[]> {
  const db = await executor();
  return db
    .insert(images)
    .values(values.map((v) => ({ ...v, storedAt: null })))
    .returning();
}

/** The objects are written: the rows become visible to their owner. */
export async function markImagesStored(ids: string[]): Promise<ImageRow[]> {
  const db = await executor();
  return db
    .update(images)
    .set({ storedAt: sql`now()` })
    .where(inArray(images.id, ids))
    .returning();
}

export async function deleteImagesById(ids: string[]): Promise<void> {
  const db = await executor();
  await db.delete(images).where(inArray(images.id, ids));
}

/**
 * Serialises one owner's uploads until the transaction ends, so two uploads at once cannot both
 * fit under the quota that only one of them fits under.
 */
export async function lockOwnerImages(ownerId: string): Promise<void> {
  const db = await executor();
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`images:${ownerId}`}))`);
}

/** Bytes the owner's images take, pending ones included (they are about to take it). */
export async function ownerImageBytes(ownerId: string): Promise<number> {
  const db = await executor();
  const [row] = await queryRows<{ total: string | number | null }>(
    db,
    sql`select coalesce(sum(byte_size), 0) as total from images where owner_id = ${ownerId}`,
  );
  return Number(row?.total ?? 0);
}

/** An image of this owner; another patient's id finds nothing, exactly like an unknown or pending one. */
export async function findOwnedImage(ownerId: string, id: string): Promise<ImageRow | undefined> {
  const db = await executor();
  const rows = await db
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.ownerId, ownerId), isNotNull(images.storedAt)))
    .limit(1);
  return rows[0];
}

export async function deleteOwnedImage(ownerId: string, id: string): Promise<ImageRow | undefined> {
  const db = await executor();
  const rows = await db
    .delete(images)
    .where(and(eq(images.id, id), eq(images.ownerId, ownerId), isNotNull(images.storedAt)))
    .returning();
  return rows[0];
}

/** Pending rows older than `before`: uploads that died between their row and their object. */
export async function findPendingImages(before: Date, limit: number): Promise<{ id: string; storageKey: string }[]> {
  const db = await executor();
  return db
    .select({ id: images.id, storageKey: images.storageKey })
    .from(images)
    .where(and(isNull(images.storedAt), lt(images.createdAt, before)))
    .orderBy(images.createdAt)
    .limit(limit);
}

/** Removes a pending row whose object is gone; a row marked stored meanwhile is kept. */
export async function deletePendingImage(id: string): Promise<void> {
  const db = await executor();
  await db.delete(images).where(and(eq(images.id, id), isNull(images.storedAt)));
}

import 'server-only';
import { and, eq } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { images } from '../../db/schema';

export type ImageRow = typeof images.$inferSelect;

export async function insertImage(values: typeof images.$inferInsert): Promise<ImageRow> {
  const db = await executor();
  const rows = await db.insert(images).values(values).returning();
  return rows[0]!;
}

/** An image of this owner; another patient's id finds nothing, exactly like an unknown one. */
export async function findOwnedImage(ownerId: string, id: string): Promise<ImageRow | undefined> {
  const db = await executor();
  const rows = await db
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.ownerId, ownerId)))
    .limit(1);
  return rows[0];
}

export async function deleteOwnedImage(ownerId: string, id: string): Promise<ImageRow | undefined> {
  const db = await executor();
  const rows = await db
    .delete(images)
    .where(and(eq(images.id, id), eq(images.ownerId, ownerId)))
    .returning();
  return rows[0];
}

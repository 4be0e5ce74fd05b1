import 'server-only';
import { sql } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { queryRows } from '../../db/raw';

export type FavoriteKind = 'provider' | 'clinic';

function column(kind: FavoriteKind) {
  return kind === 'provider' ? sql`provider_id` : sql`office_id`;
}

/**
 * Adds a favourite; repeating it changes nothing (the partial unique indexes decide, so two
 * concurrent adds are safe). Returns false when the provider or office does not exist.
 */
export async function addFavorite(userId: string, kind: FavoriteKind, id: number): Promise<boolean> {
  const db = await executor();
  const target = kind === 'provider' ? sql`providers` : sql`offices`;
  const inserted = await queryRows<{ found: boolean }>(
    db,
    sql`with target as (select id from ${target} where id = ${id}),
             added as (insert into favorites (user_id, ${column(kind)})
                       select ${userId}, id from target
                       on conflict do nothing)
        select exists (select 1 from target) as found`,
  );
  return Boolean(inserted[0]?.found);
}

export async function removeFavorite(userId: string, kind: FavoriteKind, id: number): Promise<void> {
  const db = await executor();
  await db.execute(sql`delete from favorites where user_id = ${userId} and ${column(kind)} = ${id}`);
}

/** The user's favourites, newest first. */
export async function listFavorites(
  userId: string,
): Promise<{ provider_id: number | null; office_id: number | null }[]> {
  return queryRows(
    await executor(),
    sql`select provider_id, office_id from favorites where user_id = ${userId} order by created_at desc, id desc`,
  );
}

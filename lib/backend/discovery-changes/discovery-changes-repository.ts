import 'server-only';
import { sql } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { queryRows } from '../../db/raw';
import { intArray } from '../sql/sql-parts';

/** Changes older than this are deleted; a reader that far behind is told "everything". */
const KEEP_DAYS = 7;

export interface ChangeBounds {
  /** The newest change id, or null when no change is kept. */
  latest: number | null;
  /** The oldest change id kept, or null. */
  oldest: number | null;
}

/** A change id as the drivers give it (bigint: text on `pg`), or null. */
export function changeId(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** The ids of the newest and oldest changes kept (migration 0006). */
export async function discoveryChangeBounds(): Promise<ChangeBounds> {
  const [bounds] = await queryRows<{ latest: string | number | null; oldest: string | number | null }>(
    await executor(),
    sql`select max(id) as latest, min(id) as oldest from discovery_changes`,
  );
  return { latest: changeId(bounds?.latest), oldest: changeId(bounds?.oldest) };
}

/** Changes after `after`, at most `limit`, oldest first. */
export async function discoveryChangesAfter(
  after: number,
  limit: number,
): Promise<{ id: number; provider_id: number | null; office_id: number | null }[]> {
  const rows = await queryRows<{ id: string | number; provider_id: number | null; office_id: number | null }>(
    await executor(),
    sql`select id, provider_id, office_id from discovery_changes where id > ${after} order by id limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), provider_id: r.provider_id, office_id: r.office_id }));
}

/** The providers working at these offices (their pages show the office). */
export async function providersAtOffices(officeIds: readonly number[]): Promise<number[]> {
  if (!officeIds.length) return [];
  const rows = await queryRows<{ provider_id: number }>(
    await executor(),
    sql`select distinct provider_id from provider_offices where office_id = any(${intArray(officeIds)})`,
  );
  return rows.map((r) => r.provider_id);
}

/** Drops changes older than a week (the table is a feed, not a history). */
export async function pruneDiscoveryChanges(): Promise<void> {
  const db = await executor();
  await db.execute(sql`delete from discovery_changes where changed_at < now() - make_interval(days => ${KEEP_DAYS})`);
}

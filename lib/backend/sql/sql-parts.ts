import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/raw';
import { executor } from '../../db/transaction';
import type { LatLng } from '../../contracts/geo';

/** Shared pieces of the repositories' raw SQL (providers, clinics, search, reviews, ...). */

/** The earthdistance point of a latitude and longitude (what the GiST `geo` columns hold). */
export function earthPoint(point: LatLng): SQL {
  return sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
}

/** Integer ids as one array parameter (`= any(...)`), never spliced into the SQL text. */
export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.filter((v) => Number.isSafeInteger(v)).join(',')}}`}::int[]`;
}

export function and(conditions: SQL[]): SQL {
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

export async function rows<T>(query: SQL): Promise<T[]> {
  return queryRows<T>(await executor(), query);
}

/** A hot query of fixed shape as a named prepared statement (lib/db/raw.ts). */
export async function preparedRows<T>(query: SQL): Promise<T[]> {
  return queryRows<T>(await executor(), query, { prepared: true });
}

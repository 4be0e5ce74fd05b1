import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Rows of a raw SQL query. Both drivers (node-postgres and PGlite) answer `{ rows }`, but the
 * driver-neutral Db type cannot say so; this is the one place that knows.
 */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

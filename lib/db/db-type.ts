import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * The driver-neutral database handle (node-postgres or PGlite). Its own module so the seed and
 * the raw-SQL helper can name it without importing the client that opens (and seeds) databases.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

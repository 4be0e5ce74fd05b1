import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db } from './db-type';

interface Internals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): {
      execute(): Promise<unknown>;
    };
  };
}

/** Names of the prepared texts seen so far: hashing a several-kilobyte text on every call cost more than a lookup. */
const names = new Map<string, string>();
const MAX_NAMES = 2_000;

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `q_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    // The hot statements have few shapes; a flood of others (they are not expected) starts over.
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * Rows of a raw SQL query. Both drivers (node-postgres and PGlite) answer `{ rows }`, but the
 * driver-neutral Db type cannot say so; this is the one place that knows.
 *
 * `prepared`: send it as a named (server-side prepared) statement, so each connection parses
 * it once and PostgreSQL may keep its plan. Only for the hot queries of a fixed shape (listings,
 * cards): planning them cost more than running them. The name is derived from the text, so
 * one name never stands for two texts. PGlite ignores it.
 */
export async function queryRows<T>(
  db: Pick<Db, 'execute'>,
  query: SQL,
  options: { prepared?: boolean } = {},
): Promise<T[]> {
  if (options.prepared) {
    const internals = db as unknown as Internals;
    const compiled = internals.dialect.sqlToQuery(query);
    const name = statementName(compiled.sql);
    const result = (await internals.session.prepareQuery(compiled, undefined, name, false).execute()) as { rows: T[] };
    return result.rows;
  }
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

import 'server-only';
import path from 'node:path';
import * as schema from './schema';
import { isLoopbackHost, serverEnv, type ServerEnv } from '../config/server-env';
import { lockDataDir } from '../config/data-dir';
import { logger } from '../logging/logger';
import { seedDatabase } from './seed/seed';
import { appPoolOptions } from './pool-options';
import type { Db } from './db-type';

export type { Db };

interface DbHandle {
  db: Db;
  close: () => Promise<void>;
}

const migrationsFolder = path.join(process.cwd(), 'lib/db/migrations');

/**
 * Contrib extensions the migrations create (search and distance; btree_gist). PGlite
 * only offers an extension to CREATE EXTENSION when it was handed to the constructor; a real
 * PostgreSQL server has them from its contrib package.
 */
async function pgliteExtensions() {
  const [{ pg_trgm }, { cube }, { earthdistance }, { unaccent }, { btree_gist }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('@electric-sql/pglite/contrib/unaccent'),
    // Booking's exclusion constraints (migration 0014).
    import('@electric-sql/pglite/contrib/btree_gist'),
  ]);
  return { pg_trgm, cube, earthdistance, unaccent, btree_gist };
}

/** Opens the database named by configuration: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  seedProviders?: number;
  seed?: boolean;
  /** The demo credentials (seed.ts): on unless told otherwise; off, demo office keys are revoked. */
  demo?: boolean;
  /**
   * In-memory PGlite only: start from this dump (PGlite's dumpDataDir) of a migrated and seeded
   * database. The API tests use it to skip initdb, which costs seconds per test file; the
   * migrations and seed still run and find nothing to do.
   */
  pgliteImage?: Blob;
}): Promise<DbHandle> {
  let handle: DbHandle;
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10, ...appPoolOptions });
    // An idle connection ended by the server (a restart, an administrator, a dropped test
    // database) is reported here; without a listener Node would end the whole process. The pool
    // has already discarded it and opens a new one for the next query.
    pool.on('error', (error) => logger.warn({ reason: error.message }, 'idle database connection lost'));
    // Several servers or test workers may start at once: one migrates, the others wait.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(724001)');
      await migrate(drizzle(client, { schema }), { migrationsFolder });
      if (options.seed !== false) await seedDatabase(drizzle(client, { schema }) as unknown as Db, options);
    } finally {
      await client.query('select pg_advisory_unlock(724001)').catch(() => undefined);
      client.release();
    }
    handle = { db: drizzle(pool, { schema }) as unknown as Db, close: () => pool.end() };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    if (options.dataDir) lockDataDir(options.dataDir);
    // 'memory://' rather than undefined: PGlite 0.5 ignores the options argument when the first
    // one is undefined, so an in-memory database (the tests) got no extensions.
    const pg = new PGlite(options.dataDir ? path.join(options.dataDir, 'pglite') : 'memory://', {
      extensions: await pgliteExtensions(),
      ...(options.pgliteImage && !options.dataDir ? { loadDataDir: options.pgliteImage } : {}),
    });
    const db = drizzle(pg, { schema });
    await migrate(db, { migrationsFolder });
    if (options.seed !== false) await seedDatabase(db as unknown as Db, options);
    handle = { db: db as unknown as Db, close: () => pg.close() };
  }
  return handle;
}

/**
 * The demo seed's credentials (the README's demo patient and office keys) only where nobody else
 * can use them: a server on a loopback address with no proxy in front (the default, as
 * `npm run serve` starts it) and with the generated demo providers. Anywhere else the seed skips
 * them and revokes demo office keys an earlier local run left in the database.
 */
export function demoSeedWanted(env: ServerEnv): boolean {
  return env.SEED_PROVIDERS > 0 && isLoopbackHost(env.HOST) && env.TRUST_PROXY_HOPS === 0;
}

// One handle per process, kept on globalThis because Next may load this module in more than
// one bundle layer; two PGlite instances on one directory would corrupt it.
const globalKey = Symbol.for('dental-booking.db');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<DbHandle> };

export function getDb(): Promise<Db> {
  const g = globalThis as GlobalWithDb;
  if (!g[globalKey]) {
    const env = serverEnv();
    g[globalKey] = openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? undefined : path.join(env.dataDir),
      seedProviders: env.SEED_PROVIDERS,
      demo: demoSeedWanted(env),
    });
    g[globalKey].catch(() => {
      // A failed open is retried by the next request instead of being cached forever.
      delete g[globalKey];
    });
  }
  return g[globalKey].then((h) => h.db);
}

/** Tests install their own database (a fresh in-memory PGlite or a fresh PostgreSQL database). */
export function setDbForTesting(handle: DbHandle | undefined): void {
  const g = globalThis as GlobalWithDb;
  if (handle) g[globalKey] = Promise.resolve(handle);
  else delete g[globalKey];
}

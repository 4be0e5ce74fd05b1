import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, setDbForTesting, type Db } from '../db/client';
import { queryRows } from '../db/raw';

/*
 * Environment for server modules under test, set before anything calls serverEnv() (it parses
 * once and caches). Each test process gets its own DATA_DIR; mail always lands in the outbox
 * table, and an app DATABASE_URL from the shell never points tests at a real database.
 */
// Inside the run's folder (global-setup.ts removes it afterwards; workers may be killed before
// an exit handler of their own could run), else a temporary folder of this process.
const runDir = inject('pgliteImageDir');
const dataDir = runDir
  ? path.join(runDir, `data-${process.pid}`)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'dental-test-'));
if (!runDir) process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET ??= crypto.randomBytes(32).toString('base64url');
process.env.PUBLIC_URL = 'http://test.local';
delete process.env.SMTP_URL;
delete process.env.V4_API_URL;
delete process.env.DATABASE_URL;

type DbHandle = Awaited<ReturnType<typeof openDatabase>>;

export interface TestDatabase {
  handle: DbHandle;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  dispose: () => Promise<void>;
}

/** The server named by TEST_DATABASE_URL, or undefined for in-memory PGlite. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creating a PGlite database runs initdb, the migrations and the seed: seconds per test file.
 * The first file of a run saves its fresh database as an image in the run's folder (from
 * global-setup.ts); later files start from that image. Two files racing both build one, and
 * the rename makes the last writer win with identical content.
 */
async function openPglite(): Promise<DbHandle> {
  const imagePath = runDir ? path.join(runDir, 'seeded.tar') : undefined;
  if (imagePath && fs.existsSync(imagePath)) {
    return openDatabase({ pgliteImage: new Blob([fs.readFileSync(imagePath)]) });
  }
  const handle = await openDatabase({});
  if (imagePath) {
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const image = await client.dumpDataDir('none');
    const partial = `${imagePath}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(partial, imagePath);
  }
  return handle;
}

/**
 * A fresh migrated and seeded database: in-memory PGlite, or `test_<random>` created on the
 * TEST_DATABASE_URL server so parallel test files never share rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const handle = await openPglite();
    return { handle, dispose: () => handle.close() };
  }
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ databaseUrl: url.toString() });
    return {
      handle,
      dispose: async () => {
        await handle.close();
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
    };
  } catch (error) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    throw error;
  }
}

/**
 * Installs a fresh database for the calling test file (call it at the top level of the file).
 * The returned object's `db` is set once beforeAll has run; tests use it to look at or age rows.
 */
export function useTestDatabase(): { readonly db: Db } {
  let current: TestDatabase | undefined;
  const state = {
    get db(): Db {
      if (!current) throw new Error('useTestDatabase: the database is opened in beforeAll');
      return current.handle.db;
    },
  };
  beforeAll(async () => {
    current = await createTestDatabase();
    setDbForTesting(current.handle);
  });
  afterAll(async () => {
    setDbForTesting(undefined);
    await current?.dispose();
    current = undefined;
  });
  return state;
}

/** Runs raw SQL on the test database (to look at rows, or to age them instead of sleeping). */
export { queryRows };

/** `select count(*)` of a table, for "nothing is written when a request is rejected". */
export async function countRows(db: Db, table: string): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from ${sql.identifier(table)}`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The benchmark's PostgreSQL: a throw-away server from lib/scripts/start-postgres.sh in its own
 * folder, holding one database per size (bench_1k, bench_10k, bench_100k). A marker table
 * records the size and a fingerprint of the seed generator, so later runs reuse a database
 * while both match and re-seed it (with the seed CLI, as a user would) when either changed.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = process.cwd();
const SCRIPT = path.join(ROOT, 'lib/scripts/start-postgres.sh');

export interface BenchPostgres {
  /** postgres://… of the `postgres` maintenance database. */
  adminUrl: string;
  /** The cluster's data folder (postmaster.pid, for CPU accounting). */
  dataDir: string;
  urlOf: (database: string) => string;
  /** Stops the server when this run started it (a server that was already running is left so). */
  stop: () => void;
  /**
   * Stops the server (pg_ctl -m fast: sessions are ended) and starts it again on the same port;
   * resolves with when it was down and when it accepted connections again (performance.now()).
   */
  restart: () => Promise<{ stoppedAt: number; startedAt: number }>;
}

export function benchPostgresDir(): string {
  return process.env.BENCH_PG_DIR || path.join(os.tmpdir(), 'dental-booking-bench-postgres');
}

/**
 * Starts (or finds) the bench's PostgreSQL. `cluster`: another folder and first port than the
 * bench's own, for a run that must not touch the cluster other runs may be using (the soak
 * restarts its server).
 */
export function startPostgres(log: (line: string) => void, cluster?: { dir: string; port: number }): BenchPostgres {
  const dir = cluster?.dir ?? benchPostgresDir();
  const env = { ...process.env, PG_TEST_PORT: String(cluster?.port ?? (process.env.BENCH_PG_PORT || '54349')) };
  const wasRunning = spawnSync('bash', [SCRIPT, 'status', dir], { env, stdio: 'ignore' }).status === 0;
  const started = spawnSync('bash', [SCRIPT, 'start', dir], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const adminUrl = started.stdout.trim().split('\n').pop() ?? '';
  if (started.status !== 0 || !adminUrl.startsWith('postgres')) {
    throw new Error(`PostgreSQL did not start:\n${started.stderr}`);
  }
  log(`PostgreSQL ${wasRunning ? 'already running' : 'started'}: ${adminUrl} (${dir})`);
  return {
    adminUrl,
    dataDir: path.join(dir, 'data'),
    urlOf: (database) => adminUrl.replace(/\/[^/]*$/, `/${database}`),
    stop: () => {
      if (!wasRunning) spawnSync('bash', [SCRIPT, 'stop', dir], { env, stdio: 'ignore' });
    },
    restart: async () => {
      const stopped = await runScript(['stop', dir], env);
      const stoppedAt = performance.now();
      const restarted = await runScript(['start', dir], env);
      const startedAt = performance.now();
      if (stopped.code !== 0 || restarted.code !== 0)
        throw new Error(`PostgreSQL restart failed:\n${stopped.err}\n${restarted.err}`);
      if (restarted.out.trim().split('\n').pop() !== adminUrl)
        throw new Error(`PostgreSQL came back at another address: ${restarted.out.trim()}`);
      return { stoppedAt, startedAt };
    },
  };
}

/** The start script, without blocking the event loop (load keeps running through a restart). */
function runScript(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [SCRIPT, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** Hash of everything that decides what the seed generates. */
export function seedFingerprint(): string {
  const hash = crypto.createHash('sha256');
  const dir = path.join(ROOT, 'lib/db/seed');
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  }
  hash.update(fs.readFileSync(path.join(ROOT, 'lib/contracts/discovery-catalog.ts')));
  return hash.digest('hex').slice(0, 16);
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function runSeed(url: string, providers: number, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['lib/db/seed/cli.ts', '--providers', String(providers), '--database-url', url],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: url } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) {
        const done = output.trim().split('\n').pop();
        log(`    ${done}`);
        resolve();
      } else reject(new Error(`seed of ${providers} providers failed:\n${output}`));
    });
  });
}

/**
 * Makes sure database `name` holds exactly `providers` seeded providers from the current
 * generator; seeds it when not. Returns whether it seeded.
 */
export async function ensureSeeded(
  postgres: BenchPostgres,
  name: string,
  providers: number,
  log: (line: string) => void,
): Promise<boolean> {
  const fingerprint = seedFingerprint();
  const exists = await withClient(postgres.adminUrl, async (client) => {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return rows.length > 0;
  });
  if (!exists) await withClient(postgres.adminUrl, (client) => client.query(`create database ${name}`));
  const url = postgres.urlOf(name);
  const current = await withClient(url, async (client) => {
    // No marker table yet: a new or half-seeded database.
    const { rows } = await client
      .query<{ providers: number; fingerprint: string }>('select providers, fingerprint from bench_seed limit 1')
      .catch(() => ({ rows: [] as { providers: number; fingerprint: string }[] }));
    return rows[0];
  });
  if (current && current.providers === providers && current.fingerprint === fingerprint) return false;

  log(`  seeding ${name} with ${providers} providers (cached for later runs)...`);
  await withClient(url, (client) => client.query('drop table if exists bench_seed'));
  await runSeed(url, providers, log);
  await withClient(url, async (client) => {
    // Sets the visibility map and hint bits once, as a database that has lived a while has them,
    // so the first measured reads do not write every page they touch.
    await client.query('vacuum (analyze)');
    await client.query(
      'create table bench_seed (providers integer not null, fingerprint text not null, seeded_at timestamptz not null default now())',
    );
    await client.query('insert into bench_seed (providers, fingerprint) values ($1, $2)', [providers, fingerprint]);
  });
  return true;
}

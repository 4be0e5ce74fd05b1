import 'server-only';
import cronParser from 'cron-parser';
import { serverEnv } from '../../config/server-env';
import { logger, withLogContext } from '../../logging/logger';
import type PgBoss from 'pg-boss';

/*
 * Recurring background jobs (no-shows, reminders, the mail outbox's retries), run by
 * the server process, never by page loads (lib/docs/decisions/jobs.md):
 * - on PostgreSQL, pg-boss 10 in its own schema `pgboss` of the app's database: its cron
 *   monitor sends one job per job name and minute however many server processes run, and one
 *   worker takes it (SKIP LOCKED), so each tick runs once across processes;
 * - on the embedded database (one process by construction: DATA_DIR is locked), a timer on the
 *   minute in this process.
 * Handlers must still be safe to run twice or side by side (idempotent conditional UPDATEs):
 * `runJobNow` and a tick can overlap, and a process that dies mid-run leaves its job to expire
 * and nothing else to repeat it.
 */

export interface RecurringJob {
  /** Queue name on PostgreSQL: letters, digits, `-`, `_`, `.`. */
  name: string;
  /** Five fields, minute granularity, in UTC (`* * * * *` is every minute). */
  cron: string;
  handler: () => Promise<unknown>;
}

type DefinedJob = RecurringJob;

/**
 * Reads a cron expression with cron-parser, the parser pg-boss schedules with on PostgreSQL, so
 * both runners read a job's expression alike. Five fields only: both tick by the minute.
 */
export function parseCron(cron: string): void {
  if (cron.trim().split(/\s+/).length !== 5) throw new Error(`Invalid cron expression "${cron}": five fields, in UTC`);
  try {
    cronParser.parseExpression(cron, { tz: 'UTC' });
  } catch (error) {
    throw new Error(`Invalid cron expression "${cron}": ${(error as Error).message}`);
  }
}

/** Whether the expression names the minute starting at `at` (a whole minute, UTC). */
export function cronMatches(cron: string, at: Date): boolean {
  const minute = Math.floor(at.getTime() / 60_000) * 60_000;
  const next = cronParser.parseExpression(cron, { tz: 'UTC', currentDate: new Date(minute - 1000) }).next();
  return next.getTime() === minute;
}

const registry = new Map<string, DefinedJob>();

function checkJob(job: RecurringJob): DefinedJob {
  if (!/^[\w.-]+$/.test(job.name)) throw new Error(`Invalid job name "${job.name}"`);
  parseCron(job.cron);
  return job;
}

/** Registers a job for startJobs(); call it once per job at module level (lib/backend/jobs/app-jobs.ts). */
export function defineRecurringJob(job: RecurringJob): RecurringJob {
  if (registry.has(job.name)) throw new Error(`Recurring job "${job.name}" is defined twice`);
  registry.set(job.name, checkJob(job));
  return job;
}

/** Runs a defined job's handler once in this process, now (tests; errors are thrown). */
export async function runJobNow(name: string): Promise<void> {
  const job = registry.get(name);
  if (!job) throw new Error(`No recurring job named "${name}"`);
  await withLogContext({ job: name }, job.handler);
}

export interface JobRunner {
  readonly kind: 'pg-boss' | 'in-process';
  stop(): Promise<void>;
}

/**
 * Runs a handler with every line it logs carrying the job's name, and logs its failure;
 * `rethrow` lets pg-boss record it as failed.
 */
function runLogged(job: RecurringJob, rethrow: boolean): Promise<void> {
  return withLogContext({ job: job.name }, async () => {
    try {
      await job.handler();
    } catch (error) {
      logger.error({ err: error }, 'job failed');
      if (rethrow) throw error;
    }
  });
}

/**
 * The embedded database's scheduler: a timer set to each whole minute runs the jobs whose cron
 * matches it. A job still running from an earlier tick skips the tick (one run at a time per
 * job); failures are logged, never thrown into the timer.
 */
export function startInProcessRunner(jobs: readonly RecurringJob[]): JobRunner {
  const defined = jobs.map(checkJob);
  const running = new Map<string, Promise<void>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastMinute = -Infinity;

  const arm = () => {
    if (stopped) return;
    // Never the same minute twice, even if the timer fires a hair early by the wall clock.
    const next = Math.max(Math.floor(Date.now() / 60_000) + 1, lastMinute + 1);
    timer = setTimeout(() => tick(next), next * 60_000 - Date.now());
    timer.unref?.();
  };
  const tick = (minute: number) => {
    lastMinute = minute;
    const at = new Date(minute * 60_000);
    for (const job of defined) {
      if (!cronMatches(job.cron, at)) continue;
      if (running.has(job.name)) {
        logger.warn({ job: job.name, tick: at.toISOString() }, 'job still running from an earlier tick; tick skipped');
        continue;
      }
      const run = runLogged(job, false).finally(() => running.delete(job.name));
      running.set(job.name, run);
    }
    arm();
  };
  arm();

  return {
    kind: 'in-process',
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}

export interface PgBossRunnerOptions {
  connectionString: string;
  /** Tests shorten pg-boss's intervals (cron monitor, polling) to see a tick in seconds. */
  bossOptions?: Partial<PgBoss.ConstructorOptions>;
  pollingIntervalSeconds?: number;
}

/** Advisory lock key of the queue setup (lib/db/client.ts migrates under 724001). */
const SETUP_LOCK = 724002;

/** How long a run may take before pg-boss considers its process dead and lets the next tick run. */
const EXPIRE_SECONDS = 10 * 60;

/**
 * pg-boss on the app's PostgreSQL. `start()` creates or migrates its schema under its own
 * advisory lock. Each job gets a queue with the `stately` policy (at most one queued and one
 * running per job, so a slow run never piles ticks up), a cron schedule (one row per name,
 * shared by every process; re-scheduling is an upsert), and a worker in this process.
 */
export async function startPgBossRunner(
  jobs: readonly RecurringJob[],
  options: PgBossRunnerOptions,
): Promise<JobRunner> {
  const defined = jobs.map(checkJob);
  const { default: PgBossClass } = await import('pg-boss');
  const boss = new PgBossClass({
    connectionString: options.connectionString,
    schema: 'pgboss',
    // Its own small pool beside the app's: a few polls every couple of seconds.
    max: 2,
    application_name: 'dental-booking-jobs',
    ...options.bossOptions,
  });
  boss.on('error', (error: Error) => logger.error({ err: error }, 'pg-boss error'));
  // Processes starting together would each create the same queues, and pg-boss's create_queue
  // (a table partition and its indexes) deadlocks against itself: one process sets up at a time.
  const { Client } = await import('pg');
  const setupLock = new Client({ connectionString: options.connectionString, application_name: 'dental-booking-jobs' });
  // A PostgreSQL restart while this session sits idle between statements is reported as an event:
  // with no listener it would be an uncaught exception. The statement waiting on it fails and the
  // start is retried (app-jobs.ts).
  setupLock.on('error', (error: Error) => logger.warn({ err: error }, 'job runner setup connection lost'));
  try {
    await boss.start();
    await setupLock.connect();
    await setupLock.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
    // A job renamed or removed from the code stops firing into a queue nobody works.
    const names = new Set(defined.map((j) => j.name));
    for (const schedule of await boss.getSchedules()) {
      if (!names.has(schedule.name)) await boss.unschedule(schedule.name);
    }
    for (const job of defined) {
      await boss.createQueue(job.name, {
        name: job.name,
        policy: 'stately',
        retryLimit: 0,
        expireInSeconds: EXPIRE_SECONDS,
      });
      // The singleton key and minute are what pg-boss's own cron send uses: a second send of the
      // same tick (a retried send, a clock-skewed process) is dropped by its unique index.
      await boss.schedule(job.name, job.cron, {}, { singletonKey: job.name, singletonSeconds: 60, retryLimit: 0 });
    }
    await setupLock.query('select pg_advisory_unlock($1)', [SETUP_LOCK]);
    for (const job of defined) {
      // Minute-granular jobs need no quick pickup: a poll every 10 s per job keeps the chatter low.
      await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 }, async () => {
        await runLogged(job, true);
      });
    }
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    throw error;
  } finally {
    // Ending the session releases the lock too, should the unlock above not have run.
    await setupLock.end().catch(() => undefined);
  }
  return {
    kind: 'pg-boss',
    async stop() {
      // Lets a run under way finish (up to 20 s), then closes pg-boss's pool.
      await boss.stop({ graceful: true, timeout: 20_000, wait: true });
    },
  };
}

// One runner per process, on globalThis like the database handle (lib/db/client.ts).
const globalKey = Symbol.for('dental-booking.jobs');
type GlobalWithJobs = typeof globalThis & { [globalKey]?: Promise<JobRunner> };

/**
 * Starts the defined jobs in this server process once the database is open and migrated (the
 * caller opens it first): pg-boss when DATABASE_URL is set, else the in-process timer.
 */
export function startJobs(): Promise<JobRunner> {
  const g = globalThis as GlobalWithJobs;
  if (!g[globalKey]) {
    const jobs = [...registry.values()];
    const url = serverEnv().DATABASE_URL;
    g[globalKey] = url
      ? startPgBossRunner(jobs, { connectionString: url })
      : Promise.resolve(startInProcessRunner(jobs));
    g[globalKey].catch(() => delete g[globalKey]);
  }
  return g[globalKey];
}

/** Stops the jobs started by startJobs (on SIGINT/SIGTERM), letting a run under way finish. */
export async function stopJobs(): Promise<void> {
  const g = globalThis as GlobalWithJobs;
  const runner = g[globalKey];
  delete g[globalKey];
  if (runner) await (await runner.catch(() => undefined))?.stop();
}

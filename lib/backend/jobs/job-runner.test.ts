import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLogs } from '../../testing/log-capture';
import { testServerUrl, useTestDatabase } from '../../testing/test-db';
import {
  cronMatches,
  defineRecurringJob,
  parseCron,
  runJobNow,
  startInProcessRunner,
  startPgBossRunner,
  type JobRunner,
} from './job-runner';

const database = useTestDatabase();

describe('cron expressions (UTC, minute granularity)', () => {
  const at = (iso: string) => new Date(iso);

  it('matches every minute, steps, lists and ranges', () => {
    expect(cronMatches('* * * * *', at('2026-03-08T07:13:00Z'))).toBe(true);
    const fiveMinutes = '*/5 * * * *';
    expect(cronMatches(fiveMinutes, at('2026-03-08T07:15:59Z'))).toBe(true);
    expect(cronMatches(fiveMinutes, at('2026-03-08T07:16:00Z'))).toBe(false);
    const office = '0,30 9-17 * * 1-5';
    expect(cronMatches(office, at('2026-03-09T09:30:00Z'))).toBe(true); // Monday
    expect(cronMatches(office, at('2026-03-08T09:30:00Z'))).toBe(false); // Sunday
    expect(cronMatches(office, at('2026-03-09T18:00:00Z'))).toBe(false);
  });

  it('reads 7 as Sunday and either day field when both are restricted (standard cron)', () => {
    expect(cronMatches('0 0 * * 7', at('2026-03-08T00:00:00Z'))).toBe(true);
    const either = '0 0 1 * 1';
    expect(cronMatches(either, at('2026-03-01T00:00:00Z'))).toBe(true); // the 1st, a Sunday
    expect(cronMatches(either, at('2026-03-09T00:00:00Z'))).toBe(true); // a Monday
    expect(cronMatches(either, at('2026-03-10T00:00:00Z'))).toBe(false);
  });

  it('refuses a seconds field, missing fields and out-of-range values', () => {
    for (const bad of ['* * * * * *', '* * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * 32 * *']) {
      expect(() => parseCron(bad), bad).toThrow(/Invalid cron/);
    }
  });
});

describe('defineRecurringJob and runJobNow', () => {
  it('runs a defined handler once, in-process, and throws its error', async () => {
    let runs = 0;
    defineRecurringJob({ name: 'test-run-now', cron: '* * * * *', handler: async () => void runs++ });
    await runJobNow('test-run-now');
    expect(runs).toBe(1);
    defineRecurringJob({
      name: 'test-run-now-fails',
      cron: '0 * * * *',
      handler: () => Promise.reject(new Error('boom')),
    });
    await expect(runJobNow('test-run-now-fails')).rejects.toThrow('boom');
    await expect(runJobNow('no-such-job')).rejects.toThrow(/No recurring job/);
  });

  it('refuses a second job of the same name, a bad name and a bad cron', () => {
    defineRecurringJob({ name: 'test-twice', cron: '* * * * *', handler: async () => undefined });
    expect(() => defineRecurringJob({ name: 'test-twice', cron: '* * * * *', handler: async () => undefined })).toThrow(
      /twice/,
    );
    expect(() => defineRecurringJob({ name: 'has space', cron: '* * * * *', handler: async () => undefined })).toThrow(
      /name/,
    );
    expect(() => defineRecurringJob({ name: 'test-bad-cron', cron: '* * *', handler: async () => undefined })).toThrow(
      /cron/,
    );
  });
});

describe('in-process scheduler (embedded database)', () => {
  let runner: JobRunner | undefined;
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs each job on the whole minutes its cron names', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-08T06:58:30Z'));
    const ticks: string[] = [];
    const fives: string[] = [];
    runner = startInProcessRunner([
      { name: 'every-minute', cron: '* * * * *', handler: async () => void ticks.push(new Date().toISOString()) },
      { name: 'every-five', cron: '*/5 * * * *', handler: async () => void fives.push(new Date().toISOString()) },
    ]);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(ticks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ticks).toEqual(['2026-03-08T06:59:00.000Z']);
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    expect(ticks).toHaveLength(7);
    expect(ticks.at(-1)).toBe('2026-03-08T07:05:00.000Z');
    expect(fives).toEqual(['2026-03-08T07:00:00.000Z', '2026-03-08T07:05:00.000Z']);
  });

  it('runs one run of a job at a time: a tick during a slow run is skipped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-08T06:59:59Z'));
    const logs = captureLogs();
    let started = 0;
    let finish: () => void = () => undefined;
    runner = startInProcessRunner([
      {
        name: 'slow',
        cron: '* * * * *',
        handler: () => {
          started++;
          return new Promise<void>((resolve) => (finish = resolve));
        },
      },
    ]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started).toBe(1);
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 'warn', job: 'slow', tick: '2026-03-08T07:01:00.000Z' }),
    );
    finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started).toBe(2);
    finish();
  });

  it('logs a failing run and keeps ticking', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-08T06:59:59Z'));
    const logs = captureLogs();
    let runs = 0;
    runner = startInProcessRunner([
      {
        name: 'flaky',
        cron: '* * * * *',
        handler: async () => {
          runs++;
          throw new Error('database away');
        },
      },
    ]);
    await vi.advanceTimersByTimeAsync(1_000 + 60_000);
    expect(runs).toBe(2);
    const failures = logs.filter((line) => line.level === 'error');
    expect(failures).toHaveLength(2);
    // The job's name comes from its log scope, so the handler's own lines would carry it too.
    expect(failures[0]).toMatchObject({ job: 'flaky', msg: 'job failed', err: { message: 'database away' } });
    expect(failures[0]!.err.stack).toContain('database away');
  });

  it('stop() ends the ticking and waits for a run under way', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-08T06:59:59Z'));
    let finished = false;
    let finish: () => void = () => undefined;
    let runs = 0;
    const stopping = startInProcessRunner([
      {
        name: 'long',
        cron: '* * * * *',
        handler: async () => {
          runs++;
          await new Promise<void>((resolve) => (finish = resolve));
          finished = true;
        },
      },
    ]);
    await vi.advanceTimersByTimeAsync(1_000);
    const stopped = stopping.stop();
    finish();
    await stopped;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(runs).toBe(1);
  });
});

// Two server processes are two pg-boss instances, each with its own pool, on one database.
describe.skipIf(!testServerUrl())('pg-boss on PostgreSQL', () => {
  const url = () =>
    (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
  // Seconds instead of pg-boss's 30 s cron monitor and 5 s send worker, so a tick shows in seconds.
  const fast = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } as const;

  it("runs a scheduled tick once across two runners, through pg-boss's own cron", async () => {
    // pg-boss sends a `* * * * *` job as soon as its cron monitor first looks, once per minute
    // (its singleton minute): stay clear of a minute boundary so exactly one tick is due.
    const second = new Date().getUTCSeconds();
    if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const runs: string[] = [];
    const job = (runner: string) => ({
      name: 'test-every-minute',
      cron: '* * * * *',
      handler: async () => void runs.push(runner),
    });
    const runners = await Promise.all([
      startPgBossRunner([job('first')], { connectionString: url(), bossOptions: fast, pollingIntervalSeconds: 0.5 }),
      startPgBossRunner([job('second')], { connectionString: url(), bossOptions: fast, pollingIntervalSeconds: 0.5 }),
    ]);
    try {
      expect(runners.map((r) => r.kind)).toEqual(['pg-boss', 'pg-boss']);
      for (let i = 0; i < 40 && !runs.length; i++) await new Promise((r) => setTimeout(r, 250));
      // Both cron monitors look several times more, and both workers keep polling.
      await new Promise((r) => setTimeout(r, 5_000));
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
  }, 60_000);

  it('runs a tick sent twice for the same minute once (the singleton key and minute of the schedule)', async () => {
    const { default: PgBoss } = await import('pg-boss');
    const runs: string[] = [];
    const job = (runner: string) => ({
      name: 'test-hourly',
      cron: '0 * * * *',
      handler: async () => {
        runs.push(runner);
        await new Promise((r) => setTimeout(r, 300));
      },
    });
    const runners = await Promise.all([
      startPgBossRunner([job('first')], { connectionString: url(), pollingIntervalSeconds: 0.5 }),
      startPgBossRunner([job('second')], { connectionString: url(), pollingIntervalSeconds: 0.5 }),
    ]);
    // Two processes' clocks both deciding the tick is due: each sends it as the schedule does.
    const senders = [
      new PgBoss({ connectionString: url(), schema: 'pgboss', max: 1, schedule: false, supervise: false }),
      new PgBoss({ connectionString: url(), schema: 'pgboss', max: 1, schedule: false, supervise: false }),
    ];
    try {
      await Promise.all(senders.map((s) => s.start()));
      const sent = await Promise.all(
        senders.map((s) => s.send('test-hourly', {}, { singletonKey: 'test-hourly', singletonSeconds: 60 })),
      );
      expect(sent.filter(Boolean)).toHaveLength(1);
      for (let i = 0; i < 40 && !runs.length; i++) await new Promise((r) => setTimeout(r, 250));
      await new Promise((r) => setTimeout(r, 2_000));
      expect(runs).toHaveLength(1);
      const schedules = await senders[0]!.getSchedules();
      expect(schedules.map((s) => [s.name, s.cron])).toEqual([['test-hourly', '0 * * * *']]);
    } finally {
      await Promise.all(senders.map((s) => s.stop({ graceful: false, wait: true })));
      await Promise.all(runners.map((r) => r.stop()));
    }
  }, 60_000);
});

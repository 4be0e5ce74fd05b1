import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpBody } from '../testing/sign-up-body';

/*
 * Two production server processes (`npm start`) on one PostgreSQL, as behind a load balancer:
 * whatever they share (bookings, throttles, jobs, the page cache's invalidations) must agree.
 * Needs a production build and a PostgreSQL server: `npm test` runs it after the build with
 * TWO_PROCESS_DATABASE_URL pointing at its throw-away server; elsewhere it is skipped.
 */
const serverUrl = process.env.TWO_PROCESS_DATABASE_URL;
const built = fs.existsSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'));
const PORTS = [Number(process.env.TWO_PROCESS_PORT ?? 3241), Number(process.env.TWO_PROCESS_PORT ?? 3241) + 1];
/** What the README promises: a change to a provider shows on every process's page within 5 s. */
const PAGE_FRESHNESS_MS = 5_000;

const databaseName = `two_processes_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = serverUrl ? withDatabase(serverUrl, databaseName) : '';
const servers: ChildProcess[] = [];
let db: pg.Client;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const base = (i: number) => `http://127.0.0.1:${PORTS[i]}`;

async function api(i: number, method: string, urlPath: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers['x-auth-token'] = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base(i) + urlPath, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

let patients = 0;
/** A new patient signed up through process `i`, with the password it logs in with. */
async function signUp(i: number): Promise<{ email: string; password: string }> {
  const email = `two.processes.${Date.now()}.${++patients}@example.com`;
  const password = 'Secret123';
  const reply = await api(i, 'POST', '/v4/patientAppUser', { body: signUpBody({ email, password }) });
  expect(reply.status).toBe(201);
  return { email, password };
}

function startServer(i: number): ChildProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `two-processes-${i}-`));
  const child = spawn('npm', ['start'], {
    cwd: process.cwd(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORTS[i]),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'two-processes-secret-two-processes-0001',
      SEED_PROVIDERS: '300',
    },
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

async function waitUntilUp(i: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base(i)}/v4/countries`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`server ${i} did not answer within ${timeoutMs} ms`);
}

describe.skipIf(!serverUrl || !built)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    // Both at once: one migrates and seeds under the advisory lock, the other waits for it.
    servers.push(startServer(0), startServer(1));
    await Promise.all([waitUntilUp(0, 300_000), waitUntilUp(1, 300_000)]);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 330_000);

  afterAll(async () => {
    for (const child of servers) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await db?.end().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 2000));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => undefined);
    await admin.end();
  }, 60_000);

  it("keeps an idle connection open longer than a load balancer's 60 s, so the balancer closes it first", async () => {
    const agent = new http.Agent({ keepAlive: true });
    const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${base(0)}/v4/countries`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.headers['keep-alive'])));
        })
        .on('error', reject);
    });
    agent.destroy();
    expect(keepAlive).toBe('timeout=65');
  });

  it('does not offer on one process a slot booked through the other', async () => {
    const { email, password } = await signUp(0);
    const login = await api(0, 'PUT', '/v4/session', { body: { email, password } });
    expect(login.status).toBe(200);
    const token = String(login.body.token);
    const { rows } = await db.query<{ provider_id: number; office_id: number }>(
      `select po.provider_id, po.office_id from provider_offices po join offices o on o.id = po.office_id
        where po.accepts_new_patients and jsonb_array_length(o.business_hours) >= 5 and cardinality(po.working_days) >= 4
        order by po.provider_id limit 1`,
    );
    const pair = rows[0]!;
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
    const slotsPath = `/v4/providers/${pair.provider_id}/slots?officeId=${pair.office_id}&from=${from}&to=${to}`;
    const starts = async (i: number) => {
      const reply = await api(i, 'GET', slotsPath);
      expect(reply.status).toBe(200);
      return (reply.body.days as { morning: { start: string }[]; afternoon: { start: string }[] }[]).flatMap((d) =>
        [...d.morning, ...d.afternoon].map((s) => s.start),
      );
    };
    const before = await starts(1);
    const slot = before.find((s) => Date.parse(s) > Date.now() + 26 * 3_600_000)!;
    expect(slot).toBeDefined();
    const { rows: reasons } = await db.query<{ id: number }>('select id from visit_reasons order by id limit 1');
    const booked = await api(0, 'POST', '/v4/appointments', {
      token,
      body: {
        idempotencyKey: crypto.randomUUID(),
        providerId: pair.provider_id,
        officeId: pair.office_id,
        slotStart: slot,
        visitType: 'inOffice',
        visitReasonId: reasons[0]!.id,
        patientType: 'new',
        notes: 'A checkup, booked through the other process.',
        acceptTerms: true,
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await starts(1)).not.toContain(slot);
  });

  it('counts a throttle across both processes', async () => {
    const { email } = await signUp(1);
    // The account's budget is 5 wrong passwords per 15 minutes, wherever they arrive.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await api(i % 2, 'PUT', '/v4/session', { body: { email, password: 'Wrong-1234' } })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await api(1, 'PUT', '/v4/session', { body: { email, password: 'Secret123' } })).status).toBe(429);
    expect((await api(0, 'PUT', '/v4/session', { body: { email, password: 'Secret123' } })).status).toBe(429);
  });

  it('runs a recurring job once per tick across both processes', async () => {
    const ticks = () =>
      db.query<{ minute: string; runs: number }>(
        `select date_trunc('minute', created_on)::text as minute, count(*)::int as runs
           from pgboss.job where name = 'appointment-no-shows' group by 1`,
      );
    const until = Date.now() + 150_000;
    let rows = (await ticks()).rows;
    while (rows.length < 2 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 5000));
      rows = (await ticks()).rows;
    }
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.runs, row.minute).toBe(1);
  }, 180_000);

  it("shows a change to a provider on the other process's page within the stated freshness", async () => {
    const { rows } = await db.query<{ id: number }>('select id from providers order by id limit 1');
    const id = rows[0]!.id;
    const page = async (i: number) => (await fetch(`${base(i)}/provider-details/${id}`)).text();
    await page(0);
    await page(1); // both processes now hold the page in their caches
    const marker = `Freshness${Date.now().toString(36)}`;
    await db.query('update providers set last_name = $1 where id = $2', [marker, id]);
    const changedAt = Date.now();
    let seenAt = 0;
    while (Date.now() - changedAt < 4 * PAGE_FRESHNESS_MS) {
      if ((await page(1)).includes(marker)) {
        seenAt = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(seenAt, 'the change reached the other process').toBeGreaterThan(0);
    // The sync runs every 5 s; a page rendered in the background may take one more request.
    expect(seenAt - changedAt).toBeLessThanOrEqual(2 * PAGE_FRESHNESS_MS);
  }, 60_000);
});

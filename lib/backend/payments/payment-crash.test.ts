import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testServerUrl } from '../../testing/test-db';

/*
 * No money taken without a record (lib/docs/decisions/payments.md "How it is tested"): a real
 * process books two paid visits and is ended with SIGKILL each time between the gateway's
 * charge and the confirmation (FAULT_INJECT=after-charge, lib/backend/payments/fault-injection.ts).
 * A new process then opens the same database, lets another patient take the first slot once its
 * hold expired, and runs one reconciliation. Whatever happened, the card is charged if and only
 * if the patient has the appointment. PGlite in a data folder, or a fresh database on the
 * TEST_DATABASE_URL server.
 */

const CHILD = path.join(process.cwd(), 'lib/testing/payment-crash-child.ts');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

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

/** The environment naming one database both processes open, one after the other. */
async function crashDatabase(): Promise<Record<string, string>> {
  const server = testServerUrl();
  if (server) {
    const name = `crash_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(server, `create database ${name}`);
    cleanups.push(() => adminQuery(server, `drop database if exists ${name} with (force)`));
    const url = new URL(server);
    url.pathname = `/${name}`;
    return { DATABASE_URL: url.toString() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-crash-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return { DATA_DIR: dir };
}

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; lines: any[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', CHILD, ...args], {
      env: {
        ...process.env,
        TEST_DATABASE_URL: '',
        DATABASE_URL: '',
        SEED_PROVIDERS: '0',
        PUBLIC_URL: 'http://test.local',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const lines = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l));
      resolve({ code, signal, lines, stderr });
    });
  });
}

describe('a server process killed between the charge and the confirmation', () => {
  it('loses no money: after one reconciliation the card is charged if and only if the patient has the appointment', async () => {
    const env = { ...(await crashDatabase()), SESSION_SECRET: crypto.randomBytes(32).toString('base64url') };
    for (let i = 0; i < 2; i++) {
      const crashed = await run(['book'], { ...env, FAULT_INJECT: 'after-charge' });
      expect(crashed.signal, crashed.stderr).toBe('SIGKILL');
      // It got as far as the request, and never answered it.
      expect(crashed.lines.map((l) => Object.keys(l))).toEqual([['ready', 'body']]);
    }
    const after = await run(['reconcile', 'steal'], env);
    expect(after.code, after.stderr).toBe(0);
    const [report] = after.lines;
    // The first hold expired and another patient took its slot: that charge goes back.
    expect(report.stolen).toBe(201);
    expect(report.outcome).toEqual({ completed: 1, voided: 1, failed: 0, retry: 0 });
    expect(report.attempts).toEqual([
      { state: 'voided', charge: 'voided', booked: 0 },
      { state: 'completed', charge: 'captured', booked: 1 },
    ]);
    for (const attempt of report.attempts) expect(attempt.charge === 'captured').toBe(attempt.booked === 1);
  }, 900_000);
});

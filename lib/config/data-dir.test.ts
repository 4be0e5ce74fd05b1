import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, ensureSessionSecret, lockDataDir, unlockDataDir } from './data-dir';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-test-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A pid that certainly belongs to no live process: one that has just exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/** A live process other than this one, for as long as the test runs. */
function livePid(): { pid: number; stop: () => void } {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  return { pid: child.pid!, stop: () => child.kill() };
}

const lockFile = () => path.join(dir, 'server.lock');

describe('lockDataDir: one process per PGlite directory', () => {
  it('creates the directory and takes the lock', () => {
    const nested = path.join(dir, 'a', 'b');
    lockDataDir(nested);
    expect(fs.readFileSync(path.join(nested, 'server.lock'), 'utf8')).toBe(String(process.pid));
  });

  it('lets the owner take it again', () => {
    lockDataDir(dir);
    expect(() => lockDataDir(dir)).not.toThrow();
  });

  it('refuses a second live process with a clear sentence', () => {
    const other = livePid();
    try {
      lockDataDir(dir, other.pid);
      let error: unknown;
      try {
        lockDataDir(dir);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      const message = (error as Error).message;
      expect(message).toContain(dir);
      expect(message).toContain(`process ${other.pid}`);
      expect(message).toMatch(/already in use/);
      expect(message).toMatch(/DATA_DIR/);
      expect(message).toMatch(/DATABASE_URL/);
      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(other.pid));
    } finally {
      other.stop();
    }
  });

  it('takes over a lock left by a process that has died', async () => {
    fs.writeFileSync(lockFile(), String(await deadPid()));
    lockDataDir(dir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
  });

  it('takes over a lock file with garbage in it', () => {
    fs.writeFileSync(lockFile(), 'not a pid');
    lockDataDir(dir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
  });

  it('is released only by its owner', () => {
    lockDataDir(dir);
    unlockDataDir(dir, process.pid + 1);
    expect(fs.existsSync(lockFile())).toBe(true);
    unlockDataDir(dir);
    expect(fs.existsSync(lockFile())).toBe(false);
    expect(() => unlockDataDir(dir)).not.toThrow();
  });
});

describe('ensureSessionSecret', () => {
  it('uses SESSION_SECRET when it is set, writing nothing', () => {
    expect(ensureSessionSecret(dir, 'c'.repeat(40))).toBe('c'.repeat(40));
    expect(fs.existsSync(path.join(dir, 'session-secret'))).toBe(false);
  });

  it('generates a strong secret once, keeps it private, and reuses it', () => {
    const first = ensureSessionSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'session-secret');
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(ensureSessionSecret(dir)).toBe(first);
  });

  it('differs between data directories', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-test-'));
    try {
      expect(ensureSessionSecret(dir)).not.toBe(ensureSessionSecret(other));
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

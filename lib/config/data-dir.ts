import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * PGlite is one process's database: a second process opening the same directory silently
 * loses data (lib/docs/architecture.md). The lock file holds the owner's pid; a lock left by a dead
 * process is taken over, a live owner makes the second process refuse to start.
 */
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string, pid = process.pid): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (owner === pid) return;
      if (Number.isFinite(owner) && owner > 0 && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is already in use by another server (process ${owner}); ` +
            'stop that server first, or start this one with a different DATA_DIR or with DATABASE_URL.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
}

export function unlockDataDir(dataDir: string, pid = process.pid): void {
  const lockPath = path.join(dataDir, 'server.lock');
  try {
    if (Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10) === pid) fs.rmSync(lockPath);
  } catch {
    // Already gone: nothing to release.
  }
}

/** SESSION_SECRET, or one generated on first start and kept in DATA_DIR so sessions survive restarts. */
export function ensureSessionSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  fs.mkdirSync(dataDir, { recursive: true });
  const secretPath = path.join(dataDir, 'session-secret');
  try {
    return fs.readFileSync(secretPath, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(secretPath, secret, { flag: 'wx', mode: 0o600 });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(secretPath, 'utf8').trim();
    }
  }
}

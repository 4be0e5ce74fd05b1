/**
 * The production build and server the benchmark measures. The build goes to NEXT_DIST_DIR
 * (default .next-bench), never to a development build's .next; `next build` rewrites
 * tsconfig.json and next-env.d.ts for its dist folder, so both are put back byte for byte.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = process.cwd();

export function distDir(): string {
  return process.env.NEXT_DIST_DIR || '.next-bench';
}

/** Newest modification time of the files the build is made from. */
function newestSource(): number {
  let newest = 0;
  const visit = (entry: string) => {
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry)) {
        if (child === 'node_modules' || child === 'bench' || child.startsWith('.')) continue;
        visit(path.join(entry, child));
      }
    } else if (!/\.test\.tsx?$/.test(entry)) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of [
    'app',
    'components',
    'lib',
    'messages',
    'public',
    'middleware.ts',
    'next.config.mjs',
    'package.json',
  ]) {
    visit(path.join(ROOT, entry));
  }
  return newest;
}

/** Builds when there is no build in distDir() or a source file is newer than it (or when forced). */
export async function ensureBuild(
  options: { force: boolean; skipCheck: boolean },
  log: (line: string) => void,
): Promise<void> {
  const buildId = path.join(ROOT, distDir(), 'BUILD_ID');
  const built = fs.statSync(buildId, { throwIfNoEntry: false });
  if (built && options.skipCheck && !options.force) {
    log(`Using the build in ${distDir()} as it is (--no-build)`);
    return;
  }
  if (built && !options.force && built.mtimeMs >= newestSource()) {
    log(`Build in ${distDir()} is up to date`);
    return;
  }
  log(
    `Building for production into ${distDir()} (${built ? 'sources changed' : 'no build yet'}; log in .bench/build.log)...`,
  );
  const kept = ['tsconfig.json', 'next-env.d.ts'].map((file) => {
    const full = path.join(ROOT, file);
    return { full, content: fs.existsSync(full) ? fs.readFileSync(full) : undefined };
  });
  const started = performance.now();
  try {
    await new Promise<void>((resolve, reject) => {
      const out = fs.openSync(path.join(ROOT, '.bench/build.log'), 'w');
      const child = spawn(path.join(ROOT, 'node_modules/.bin/next'), ['build'], {
        cwd: ROOT,
        stdio: ['ignore', out, out],
        env: { ...process.env, NEXT_DIST_DIR: distDir(), NEXT_TELEMETRY_DISABLED: '1' },
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error('next build failed: see .bench/build.log')),
      );
    });
  } finally {
    for (const { full, content } of kept) {
      if (content === undefined) fs.rmSync(full, { force: true });
      else if (!fs.existsSync(full) || !fs.readFileSync(full).equals(content)) fs.writeFileSync(full, content);
    }
  }
  log(`  built in ${Math.round((performance.now() - started) / 1000)} s`);
}

export async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 200; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

export interface RunningServer {
  baseUrl: string;
  /** Process group of the server (its launcher and Next's process), for CPU accounting. */
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * `npm start` (lib/custom-server/start.ts) on a database (`nodeArgs`: for the server process; `env`:
 * configuration beside the bench's), in its own process group; resolves when it answers.
 */
export async function startServer(
  databaseUrl: string,
  port: number,
  label: string,
  nodeArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = path.join(ROOT, '.bench/data');
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(ROOT, `.bench/server-${label}.log`);
  const out = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    ['--conditions=react-server', 'lib/custom-server/start.ts'],
    {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        DATA_DIR: dataDir,
        NEXT_DIST_DIR: distDir(),
        SESSION_SECRET: process.env.SESSION_SECRET ?? crypto.randomBytes(32).toString('base64url'),
        NEXT_TELEMETRY_DISABLED: '1',
        // Node arguments of the server process (lib/custom-server/start.ts), e.g. --cpu-prof.
        SERVE_NODE_ARGS: nodeArgs.join(' '),
        ...env,
      },
    },
  );
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = async () => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    for (let i = 0; i < 50 && !exited; i++) await new Promise((r) => setTimeout(r, 100));
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server for ${label} exited; see ${path.relative(ROOT, logFile)}`);
    try {
      const response = await fetch(`${baseUrl}/v4/countries`);
      if (response.ok) return { baseUrl, pid: child.pid, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`the server for ${label} did not answer within 120 s; see ${path.relative(ROOT, logFile)}`);
}

/**
 * Waits until the page-cache sync of the server at `baseUrl` has caught up with its own
 * database: the cursor it keeps in the build folder (lib/bff/page-cache.ts) names its
 * database's latest change. The bench runs one server per size on ONE build folder, so the
 * servers overwrite each other's cursor; a server that reads another database's cursor drops
 * every cached provider and clinic page (rightly, for a build moved to another database), and
 * the measured pages would be re-rendered in the middle of the measurement. Called once the
 * other servers are stopped. Resolves false when it did not settle within `timeoutMs`.
 */
export async function waitForOwnPageSync(baseUrl: string, timeoutMs = 30_000): Promise<boolean> {
  const file = path.join(ROOT, distDir(), 'cache', `discovery-changes-cursor-${new URL(baseUrl).port || '80'}`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/v4/discoveryChanges`);
      const latest = ((await response.json()) as { cursor: number }).cursor;
      // No change logged (all pruned): a sync then keeps whatever cursor it finds, dropping nothing.
      if (latest === 0) return true;
      const saved = Number(fs.readFileSync(file, 'utf8').trim());
      if (saved === latest) return true;
    } catch {
      // no cursor written yet, or the server is busy: look again
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

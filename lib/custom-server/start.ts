/**
 * `npm start`: checks the configuration once (a wrong value stops here with one sentence),
 * prepares DATA_DIR (session secret, the single-process lock for PGlite), starts the built
 * Next.js server, and opens the database before the first visitor arrives.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, parseServerEnv } from '../config/server-env';
import { shellLinksChangedSinceBuild } from '../config/shell-links';
import { DataDirLockedError, ensureSessionSecret, lockDataDir, unlockDataDir } from '../config/data-dir';
import { INTERNAL_KEY_HEADER, internalKey } from '../config/internal-key';
import { serverNodeArgs } from '../config/server-node-args';
import { logger } from '../logging/logger';

function fail(message: string): never {
  // A sentence for the person who ran `npm start`, before any server runs: not a log line.
  // eslint-disable-next-line no-console
  console.error(`\n${message}\n`);
  process.exit(1);
}

let env: ReturnType<typeof parseServerEnv>;
try {
  env = parseServerEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' });
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

if (!fs.existsSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
  fail('No production build found: run `npm run build` first (or `npm run serve` to install, build and start).');
}

// The static pages show the shell's links and contacts as the build saw them: other values now
// would show on some pages and not on others.
const changed = shellLinksChangedSinceBuild(env, process.env.NEXT_DIST_DIR || '.next');
if (changed.length > 0) {
  fail(
    `Configuration error: ${changed.join(', ')} ${changed.length === 1 ? 'differs from the value' : 'differ from the values'} the build rendered the static pages with; run \`npm run build\` again with the same values (\`npm run serve\` does both). See the README's configuration table.`,
  );
}

if (!env.DATABASE_URL) {
  try {
    // Checked here for a clear message; the server process takes the lock itself when it opens PGlite.
    lockDataDir(env.dataDir);
    unlockDataDir(env.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
}
const secret = ensureSessionSecret(env.dataDir, env.SESSION_SECRET);
if (env.DEV_MAILBOX === '1' && env.SMTP_URL) {
  logger.warn(
    'DEV_MAILBOX=1 has no effect while SMTP_URL is set: mail leaves the machine, and /dev/mailbox answers 404.',
  );
}

/** Where this launcher reaches the server: 127.0.0.1 by default or on every interface, else the address HOST names. */
const ownUrl = (() => {
  const host = env.HOST;
  if (!host || host === '0.0.0.0' || host === '::') return `http://127.0.0.1:${env.PORT}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
})();

const nodeArgs = serverNodeArgs(process.env);
const child = spawn(
  process.execPath,
  [...nodeArgs, path.join(path.dirname(fileURLToPath(import.meta.url)), 'serve.mjs')],
  {
    stdio: 'inherit',
    env: {
      // glibc gives each thread that allocates (libuv's pool, image decoding) its own malloc
      // arena and keeps what the arenas once held. Two arenas, the setting Heroku and others use
      // for Node, ended the five-minute soak with each process 100-300 MB smaller; what still
      // grows after that is V8's heap, which the launcher bounds (../config/server-node-args.ts).
      // A value in the environment wins.
      MALLOC_ARENA_MAX: '2',
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(env.PORT),
      SESSION_SECRET: secret,
      DATA_DIR: env.dataDir,
    },
  },
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  if (!env.DATABASE_URL) unlockDataDir(env.dataDir, child.pid);
  process.exit(code ?? (signal ? 1 : 0));
});

// Open (and on first start migrate and seed) the database now rather than on the first visit.
void (async () => {
  const url = `${ownUrl}/v4/countries`;
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    try {
      const res = await fetch(url);
      if (res.ok) {
        // For the person who ran `npm start`: where to go, and how to log in.
        // eslint-disable-next-line no-console
        console.log(`Ready: ${env.publicUrl}  (demo login: demo.patient@example.com / DemoPass1)`);
        syncPagesForever();
        return;
      }
    } catch {
      // not listening yet
    }
  }
})();

/** Seconds between two page-cache syncs: how long a changed provider page may still be served. */
const PAGE_SYNC_SECONDS = 5;

/**
 * Asks the server to drop the cached provider and clinic pages whose data changed (POST
 * /api/page-cache, lib/bff/page-cache.ts). From here rather than a timer inside Next because
 * revalidating needs a request context. A failure is logged once until the next success.
 */
function syncPagesForever(): void {
  const url = `${ownUrl}/api/page-cache`;
  const headers = { [INTERNAL_KEY_HEADER]: internalKey(secret, 'page-cache') };
  let failing = false;
  const sync = async () => {
    try {
      const res = await fetch(url, { method: 'POST', headers, signal: AbortSignal.timeout(60_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      failing = false;
    } catch (error) {
      if (!failing)
        logger.error(
          { reason: (error as Error).message, retryEverySeconds: PAGE_SYNC_SECONDS },
          'page cache sync failed',
        );
      failing = true;
    }
    setTimeout(sync, PAGE_SYNC_SECONDS * 1000).unref();
  };
  void sync();
}

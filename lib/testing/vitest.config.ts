import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Unit and API tests (`npm run test:unit`). API tests get a fresh migrated database per file
 * from lib/testing/test-db.ts: in-memory PGlite, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (lib/scripts/start-postgres.sh starts one).
 */
export default defineConfig({
  root,
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      { find: /^server-only$/, replacement: path.join(root, 'lib/testing/empty-module.ts') },
    ],
  },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'e2e/**', '.next*/**', '.data/**', '.test-reports/**'],
    environment: 'node',
    // Forks rather than threads: PGlite's WebAssembly heap is easier on memory in separate
    // processes, and a crash stays in one file.
    pool: 'forks',
    // Vitest keeps a core for itself by default, which on two cores leaves one test file at a
    // time while the other core idles: the unit suite took 304 s with one worker and 198 s
    // with two, the PostgreSQL pass 205 s and 114 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Each test file runs in a new process that loads PGlite's 9 MB WebAssembly module and uses it
    // for seconds. V8 would also compile it with its optimizing tier on a background thread, work
    // a file rarely lives long enough to use: with the baseline compiler only, the PGlite pass
    // took 170 s instead of 224 s here (CPU 283 s instead of 384). Servers keep V8's default.
    execArgv: ['--liftoff-only'],
    // A fresh PGlite database takes a second or more, far more on a busy machine (scrypt is cheap
    // here: N=2^10 under NODE_ENV=test, lib/security/password.ts).
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // Log lines would bury the test report; tests that check logging capture them in memory
    // (replaceRootLogger in lib/logging/logger.ts).
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    globalSetup: ['lib/testing/global-setup.ts'],
    // next-intl's navigation imports `next/navigation` without the extension Node's ESM resolver
    // needs (Next's bundler adds it): run through Vite, component tests can render its Link.
    server: { deps: { inline: ['next-intl'] } },
  },
});

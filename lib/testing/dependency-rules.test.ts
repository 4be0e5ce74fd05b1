import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/*
 * The layer table of lib/docs/architecture.md, enforced: dependency-cruiser checks every import
 * of the app against lib/testing/dependency-rules.cjs. It reads source files only, so the
 * PostgreSQL pass of `npm test` skips it rather than checking the same files twice.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('import layers', () => {
  it('follow the rules of lib/testing/dependency-rules.cjs', async () => {
    const result = await run(
      path.join(root, 'node_modules/.bin/depcruise'),
      [
        '--config',
        'lib/testing/dependency-rules.cjs',
        '--output-type',
        'err',
        'app',
        'components',
        'lib',
        'middleware.ts',
      ],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
      failed: true,
    }));
    expect('failed' in result ? `${result.stdout}${result.stderr}` : '').toBe('');
  }, 120_000);
});

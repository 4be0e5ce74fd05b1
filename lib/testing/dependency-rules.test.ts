import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** dependency-cruiser with this app's rules over the folders in `args`, from `cwd`: its report, empty when every rule holds. */
async function depcruise(cwd: string, args: string[]): Promise<string> {
  const result = await run(
    path.join(root, 'node_modules/.bin/depcruise'),
    ['--config', path.join(root, 'lib/testing/dependency-rules.cjs'), '--output-type', 'err', ...args],
    { cwd, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
    failed: true,
  }));
  return 'failed' in result ? `${result.stdout}${result.stderr}` : '';
}

/*
 * The layer table of lib/docs/architecture.md, enforced: dependency-cruiser checks every import
 * of the app against lib/testing/dependency-rules.cjs. It reads source files only, so the
 * PostgreSQL pass of `npm test` skips it rather than checking the same files twice.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('import layers', () => {
  it('follow the rules of lib/testing/dependency-rules.cjs', async () => {
    expect(await depcruise(root, ['app', 'components', 'lib', 'middleware.ts'])).toBe('');
  }, 120_000);

  // A rule that never fires proves nothing: small trees of the app's shape, each with imports
  // that break a rule next to ones that keep it.
  const fixtures: string[] = [];
  afterAll(() => fixtures.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  /** A new fixture tree (with the app's node_modules and a tsconfig): its folder, and a writer of files in it. */
  function fixtureTree(): { fixture: string; write: (file: string, text: string) => void } {
    const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'dependency-rules-'));
    fixtures.push(fixture);
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
      fs.writeFileSync(path.join(fixture, file), text);
    };
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(fixture, 'node_modules'), 'dir');
    write('tsconfig.json', JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['./*'] } } }));
    return { fixture, write };
  }

  it('keep client components away from lib/bff, next/headers and server-only modules', async () => {
    // A client component that reaches for the BFF, the session headers and a server-only module.
    const { fixture, write } = fixtureTree();
    write('lib/bff/user.ts', "import 'server-only';\nexport const getCurrentUser = async () => null;\n");
    write('lib/contracts/user.ts', 'export type User = { id: string };\n');
    write(
      'components/shell/user-badge.tsx',
      [
        "'use client';",
        "import 'server-only';",
        "import { headers } from 'next/headers';",
        "import { getCurrentUser } from '@/lib/bff/user';",
        "import type { User } from '@/lib/contracts/user';",
        'export const parts = [headers, getCurrentUser] as const;',
        'export type Badge = User;',
        '',
      ].join('\n'),
    );

    // The fixture's node_modules is a link to the app's: kept as it is named, as in the app.
    const report = await depcruise(fixture, ['--preserve-symlinks', 'components', 'lib']);
    const broken = report.split('\n').filter((line) => line.includes('components-take-their-data-as-props'));
    expect(broken.join('\n')).toContain('components/shell/user-badge.tsx → lib/bff/user.ts');
    expect(broken.some((line) => line.includes('node_modules/next/headers'))).toBe(true);
    expect(broken.some((line) => line.includes('node_modules/server-only'))).toBe(true);
    // Contract types stay allowed.
    expect(broken.some((line) => line.includes('lib/contracts/'))).toBe(false);
  }, 120_000);

  it("keep services off other resources' repositories", async () => {
    // A support service that reads the users' repository, beside the imports the rule leaves
    // alone: a resource's own repository, a repository's type, and one repository's shared SQL
    // in another.
    const { fixture, write } = fixtureTree();
    const serverOnly = "import 'server-only';";
    write(
      'lib/backend/users/users-repository.ts',
      [
        serverOnly,
        'export type UserRow = { id: string };',
        'export const findUserById = async (id: string): Promise<UserRow> => ({ id });',
        "export const userColumns = 'id';",
        '',
      ].join('\n'),
    );
    write(
      'lib/backend/users/users-service.ts',
      [
        serverOnly,
        "import { findUserById } from './users-repository';",
        'export const patientById = findUserById;',
        '',
      ].join('\n'),
    );
    write(
      'lib/backend/support/support-service.ts',
      [
        serverOnly,
        "import { findUserById } from '../users/users-repository';",
        "import { patientById } from '../users/users-service';",
        'export const parts = [findUserById, patientById] as const;',
        '',
      ].join('\n'),
    );
    write(
      'lib/backend/support/support-dto.ts',
      [
        serverOnly,
        "import type { UserRow } from '../users/users-repository';",
        'export type Sender = UserRow;',
        '',
      ].join('\n'),
    );
    write(
      'lib/backend/account/account-repository.ts',
      [
        serverOnly,
        "import { userColumns } from '../users/users-repository';",
        'export const columns = userColumns;',
        '',
      ].join('\n'),
    );

    const report = await depcruise(fixture, ['--preserve-symlinks', 'lib']);
    const broken = report
      .split('\n')
      .filter((line) => line.includes('services-use-other-resources-through-their-services'));
    expect(broken.join('\n')).toContain(
      'lib/backend/support/support-service.ts → lib/backend/users/users-repository.ts',
    );
    expect(broken).toHaveLength(1);
  }, 120_000);
});

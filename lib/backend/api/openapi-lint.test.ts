import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../contracts/openapi';

/*
 * The published /v4 document passes Redocly's recommended rules with no error and no warning
 *. The rules are lib/contracts/redocly.yaml; the CLI runs offline (telemetry and the
 * update check off) on the document as GET /v4/openapi.json builds it.
 */

const run = promisify(execFile);
const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
const config = path.resolve(__dirname, '../../contracts/redocly.yaml');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

async function lint(document: unknown): Promise<LintReport> {
  const file = path.join(dir, `openapi-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(document));
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  // Exit code 1 when errors are found: the report is on stdout either way.
  const output = await run(process.execPath, [cli, 'lint', file, '--config', config, '--format=json'], { env }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  return JSON.parse(output.stdout) as LintReport;
}

describe('the /v4 OpenAPI document under Redocly recommended', () => {
  it('has no errors and no warnings', async () => {
    const report = await lint(buildOpenApiDocument());
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('does report problems (the linter really ran on our rules)', async () => {
    const document = buildOpenApiDocument() as {
      servers?: unknown;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    delete document.paths['/v4/countries']!.get!.summary;
    delete document.paths['/v4/countries']!.get!.security;
    delete document.servers;
    const report = await lint(document);
    expect(report.problems.map((p) => p.ruleId)).toEqual(
      expect.arrayContaining(['operation-summary', 'security-defined', 'no-empty-servers']),
    );
  }, 60_000);
});

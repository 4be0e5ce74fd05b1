/**
 * Lighthouse (mobile, its default settings) on the provider page, for the bench's "score it
 * with Lighthouse" target. Lighthouse is not a dependency of the project: it weighs
 * about 185 MB installed, which every `npm install` (CI included) would pay for a number only
 * the bench reports. The bench fetches a pinned version with `npx` on first use (kept in npm's
 * cache afterwards) and runs it on the Chromium the end-to-end tests use.
 *
 * Lighthouse throttles the CPU by 4x *relative to this machine*, so its performance score moves
 * with whatever else the host runs. Each run's `benchmarkIndex` (Lighthouse's own measure of the
 * machine's speed) is reported beside the score, and the median of several runs is what counts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from '../testing/chromium';

const LIGHTHOUSE = 'lighthouse@12.8.2';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  benchmarkIndex: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface LighthouseResult {
  runs: LighthouseRun[];
  /** Why nothing was measured. */
  problem?: string;
}

interface Report {
  categories: Record<string, { score: number | null }>;
  environment: { benchmarkIndex: number };
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}

function score(report: Report, category: string): number {
  return Math.round((report.categories[category]?.score ?? 0) * 100);
}

/** `runs` Lighthouse runs of `url`, one after the other (each in a fresh headless Chromium). */
export function runLighthouse(url: string, runs: number, log: (line: string) => void): LighthouseResult {
  const chromium = chromiumPath();
  if (!chromium) return { runs: [], problem: 'no Chromium found (install Debian chromium or set CHROMIUM_PATH)' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const results: LighthouseRun[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const output = path.join(dir, `run-${i}.json`);
      const run = spawnSync(
        'npx',
        [
          '--yes',
          LIGHTHOUSE,
          url,
          '--form-factor=mobile',
          '--only-categories=performance,accessibility,best-practices,seo',
          '--output=json',
          `--output-path=${output}`,
          '--quiet',
          `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
        ],
        { encoding: 'utf8', timeout: 300_000, env: { ...process.env, CHROME_PATH: chromium } },
      );
      if (!fs.existsSync(output)) {
        const why = (run.stderr || run.stdout || run.error?.message || 'no report written').trim().split('\n').pop();
        return { runs: results, problem: `Lighthouse did not run: ${why}` };
      }
      const report = JSON.parse(fs.readFileSync(output, 'utf8')) as Report;
      if (report.runtimeError) return { runs: results, problem: `Lighthouse: ${report.runtimeError.message}` };
      const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
      const result: LighthouseRun = {
        performance: score(report, 'performance'),
        accessibility: score(report, 'accessibility'),
        bestPractices: score(report, 'best-practices'),
        seo: score(report, 'seo'),
        benchmarkIndex: report.environment.benchmarkIndex,
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
      };
      results.push(result);
      log(
        `  Lighthouse run ${i + 1}/${runs}: performance ${result.performance}, accessibility ${result.accessibility}, ` +
          `best practices ${result.bestPractices}, SEO ${result.seo} (benchmarkIndex ${result.benchmarkIndex.toFixed(0)})`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { runs: results };
}

/** The run with the median performance score (the lower middle one for an even count). */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun | undefined {
  if (!runs.length) return undefined;
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

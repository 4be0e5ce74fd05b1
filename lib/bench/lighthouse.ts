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

/** Lowest and highest performance score of the runs, as "lo-hi" (one number when they agree). */
export function performanceSpread(runs: readonly LighthouseRun[]): string {
  if (!runs.length) return 'n/a';
  const scores = runs.map((r) => r.performance);
  const [lo, hi] = [Math.min(...scores), Math.max(...scores)];
  return lo === hi ? String(lo) : `${lo}-${hi}`;
}

export interface PageLighthouse {
  path: string;
  result: LighthouseResult;
}

/**
 * Lighthouse on each page and on a static reference page of the same app, `runs` times each,
 * interleaved (reference, page 1, page 2, ..., then again), so a change in the machine's load
 * during the measurement falls on the reference as much as on the pages. Lighthouse slows the CPU
 * relative to the machine it runs on: an absolute score measures the machine, the distance to the
 * reference measures the page.
 */
export function runLighthouseAgainst(
  baseUrl: string,
  referencePath: string,
  paths: readonly string[],
  runs: number,
  log: (line: string) => void,
): { reference: PageLighthouse; pages: PageLighthouse[] } {
  const all = [referencePath, ...paths].map((p): PageLighthouse => ({ path: p, result: { runs: [] } }));
  for (let i = 0; i < runs; i++) {
    for (const entry of all) {
      if (entry.result.problem) continue;
      log(`Lighthouse (mobile) ${i + 1}/${runs} on ${entry.path}`);
      const one = runLighthouse(`${baseUrl}${entry.path}`, 1, log);
      entry.result = { runs: [...entry.result.runs, ...one.runs], problem: one.problem };
    }
  }
  return { reference: all[0]!, pages: all.slice(1) };
}

/** Allowed distance, in performance points, between a page's median and the reference's. */
export const PERFORMANCE_MARGIN = 5;

/** The table row of a page's median run, with the spread of its performance scores. */
export function lighthouseRow(entry: PageLighthouse): string[] {
  const median = medianRun(entry.result.runs);
  if (!median) return [entry.path, `not measured: ${entry.result.problem}`, '', '', '', '', '', '', '', '', ''];
  return [
    `${entry.path} (median of ${entry.result.runs.length})`,
    String(median.performance),
    performanceSpread(entry.result.runs),
    String(median.accessibility),
    String(median.bestPractices),
    String(median.seo),
    median.fcpMs.toFixed(0),
    median.lcpMs.toFixed(0),
    median.tbtMs.toFixed(0),
    median.cls.toFixed(3),
    median.benchmarkIndex.toFixed(0),
  ];
}

export const LIGHTHOUSE_HEADERS = [
  'Lighthouse mobile',
  'performance',
  'spread',
  'accessibility',
  'best practices',
  'SEO',
  'FCP ms',
  'LCP ms',
  'TBT ms',
  'CLS',
  'benchmarkIndex',
];

/**
 * One target per page: performance within PERFORMANCE_MARGIN of the reference page's median,
 * and 100 in accessibility, best practices and SEO.
 */
export function lighthouseTargets(
  reference: PageLighthouse,
  pages: readonly PageLighthouse[],
): { name: string; value: string; met: boolean | undefined }[] {
  const ref = medianRun(reference.result.runs);
  return pages.map((page) => {
    const name = `Lighthouse mobile ${page.path.replace(/\/\d+$/, '/{id}')}: performance >= ${reference.path} - ${PERFORMANCE_MARGIN}, accessibility, best practices and SEO 100`;
    const median = medianRun(page.result.runs);
    if (!median || !ref)
      return { name, value: `not measured: ${page.result.problem ?? reference.result.problem}`, met: undefined };
    return {
      name,
      value:
        `${median.performance} (${performanceSpread(page.result.runs)}) vs ${ref.performance} ` +
        `(${performanceSpread(reference.result.runs)}); ${median.accessibility} / ${median.bestPractices} / ${median.seo}; ` +
        `medians of ${page.result.runs.length} and ${reference.result.runs.length}, benchmarkIndex ${median.benchmarkIndex.toFixed(0)}`,
      met:
        median.performance >= ref.performance - PERFORMANCE_MARGIN &&
        median.accessibility === 100 &&
        median.bestPractices === 100 &&
        median.seo === 100,
    };
  });
}

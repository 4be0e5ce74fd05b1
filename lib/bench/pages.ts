/**
 * Page measurements: provider pages (GET /provider-details/{id}) against a prerendered static
 * page of the same app, and the compressed JavaScript of the provider page through
 * lib/scripts/measure-js.mjs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runLoad, type LoadResult } from './load';
import type { BenchRequest } from './workload';

const ROOT = process.cwd();

export interface PageCheck {
  ok: boolean;
  /** Why the page cannot be measured, when it cannot. */
  problem?: string;
  /** x-nextjs-cache of the second request (HIT when Next serves it from its cache). */
  cache?: string;
}

/** Requests each path twice (the first may render and fill the cache) and checks for a 200 HTML answer. */
export async function checkPages(baseUrl: string, paths: string[]): Promise<PageCheck> {
  const caches = new Set<string>();
  for (const p of paths) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await fetch(`${baseUrl}${p}`, { redirect: 'manual' });
      const body = await response.text();
      if (response.status !== 200) {
        return {
          ok: false,
          problem: `${p} answered HTTP ${response.status}${response.headers.get('location') ? ` to ${response.headers.get('location')}` : ''}`,
        };
      }
      if (!/<html/i.test(body)) return { ok: false, problem: `${p} is not an HTML page` };
      if (attempt === 1) caches.add(response.headers.get('x-nextjs-cache') ?? '-');
    }
  }
  return { ok: true, cache: [...caches].join('/') };
}

export interface PageRatio {
  staticPage: LoadResult;
  providerPage: LoadResult;
  ratio: number;
}

/**
 * Requests per second of provider pages over a static page, measured alternately (static,
 * provider, static, provider) so that a change in the machine's background load hits both.
 */
export async function measurePageRatio(
  baseUrl: string,
  providerPaths: string[],
  staticPath: string,
  connections: number,
  seconds: number,
): Promise<PageRatio> {
  const staticRuns: LoadResult[] = [];
  const providerRuns: LoadResult[] = [];
  const providers: BenchRequest[] = providerPaths.map((p) => ({ path: p }));
  for (let round = 0; round < 2; round++) {
    staticRuns.push(await runLoad({ baseUrl, requests: [{ path: staticPath }], connections, seconds: seconds / 2 }));
    providerRuns.push(await runLoad({ baseUrl, requests: providers, connections, seconds: seconds / 2 }));
  }
  const merge = (runs: LoadResult[]): LoadResult => {
    const requests = runs.reduce((s, r) => s + r.requests, 0);
    const secs = runs.reduce((s, r) => s + r.seconds, 0);
    return {
      requests,
      seconds: secs,
      rps: requests / secs,
      // Per-run percentiles, averaged: close enough for a page-level comparison.
      p50: runs.reduce((s, r) => s + r.p50, 0) / runs.length,
      p95: runs.reduce((s, r) => s + r.p95, 0) / runs.length,
      p99: runs.reduce((s, r) => s + r.p99, 0) / runs.length,
      failures: runs.reduce((s, r) => s + r.failures, 0),
      statusCodes: {},
    };
  };
  const staticPage = merge(staticRuns);
  const providerPage = merge(providerRuns);
  return { staticPage, providerPage, ratio: providerPage.rps / staticPage.rps };
}

export interface JsSize {
  kb?: number;
  /** Everything Chromium fetched once the page settled (first load plus deferred chunks). */
  settledKb?: number;
  problem?: string;
  detail?: string;
}

export interface PageJs {
  path: string;
  firstLoadKb: number;
  /** What Chromium has fetched once the page is idle (null without a Chromium). */
  idleKb: number | null;
}

export interface PublicJs {
  pages: PageJs[];
  budgetKb: number;
  problem?: string;
  detail?: string;
}

/**
 * Compressed JS of every public page, first load and once idle, by
 * lib/scripts/measure-js.mjs --public (one tool for the bench and for a person; not duplicated here).
 */
export function measurePublicJs(baseUrl: string): PublicJs {
  const script = path.join(ROOT, 'lib/scripts/measure-js.mjs');
  if (!fs.existsSync(script)) return { pages: [], budgetKb: 130, problem: 'lib/scripts/measure-js.mjs is missing' };
  const run = spawnSync(process.execPath, [script, '--base', baseUrl, '--public', '--json'], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  const json = /^JSON: (.*)$/m.exec(run.stdout);
  if (!json)
    return {
      pages: [],
      budgetKb: 130,
      problem: (run.stderr || run.stdout).trim().split('\n').pop() ?? 'no figures printed',
    };
  const parsed = JSON.parse(json[1]!) as { budgetKb: number; pages: PageJs[] };
  return { ...parsed, detail: run.stdout.replace(/^JSON: .*$/m, '').trim() };
}

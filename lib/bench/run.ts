/**
 * `npm run bench`: the speed targets of ("Speed"), measured in one run against the
 * production build on a real PostgreSQL server, and printed as a table with one line per
 * target (met / not met).
 *
 *   npm run bench [-- --seconds 8] [--rounds 2] [--connections 10] [--sizes 1000,10000,100000]
 *                 [--rebuild | --no-build] [--keep-postgres] [--lighthouse-runs 5]
 *                 [--appointments 100000 | --no-booking]
 *   npm run bench -- --pages-only [--lighthouse-runs 1] [--no-build]
 *   npm run bench -- --uploads-only [--no-build]
 *   npm run bench -- --soak [300] [--soak-users 8] [--soak-node-args '--max-old-space-size=1024'] [--no-build]
 *
 * It builds when there is no up-to-date build in NEXT_DIST_DIR (default .next-bench), starts
 * PostgreSQL (lib/scripts/start-postgres.sh, its own folder), seeds one database per size with
 * the seed CLI (kept for later runs while the generator is unchanged), starts one production
 * server per database, warms them up, then measures in rounds that alternate the sizes, so a
 * change in the machine's background load hits every size alike:
 *   - GET /v4/globalSearch and GET /v4/providers: p50/p95/p99 and requests per second at
 *     `connections` concurrent connections (lib/bench/workload.ts holds the mixes);
 *   - provider pages against the prerendered /privacy-policy (requests per second ratio);
 *   - the compressed JavaScript of every public page, first load and once idle, one table line
 *     per page against 150 kB (lib/scripts/measure-js.mjs --public; details in .bench/public-pages-js.txt);
 *   - Lighthouse (mobile) on the provider page against the static /privacy-policy, runs interleaved,
 *     the median of --lighthouse-runs runs each with their spread (0: skip; lib/bench/lighthouse.ts
 *     fetches a pinned Lighthouse with npx on first use);
 *   - booking on the largest size's server, unless --no-booking: 50 patients racing
 *     for one slot, 20 bookings at once against a lone one, provider slots and the listing
 *     without and with --appointments booked appointments, a patient's list with 1,000
 *     appointments against one with 10 (lib/bench/booking.ts; its rows are deleted at the end);
 *   - uploads, unless --no-uploads: a static file's and a search's p95 while five uploads of five
 *     ~9.7 MB noise PNGs run, against their p95 with none (lib/bench/uploads.ts);
 *   - EXPLAIN (ANALYZE, BUFFERS) of the statements behind representative requests at the largest
 *     size, written to .bench/plans.txt.
 * With --pages-only it measures only the public pages, on one server over the smallest
 * size (1,000 providers unless --sizes says otherwise): the compressed JavaScript of every public
 * page and, unless --lighthouse-runs 0, Lighthouse on the home, provider, clinic, search and login pages
 * against /privacy-policy; a few
 * minutes instead of the whole run, for checking a change against the budget.
 * With --uploads-only it measures only the uploads part, on one server over the smallest size.
 * With --soak it runs only the soak with faults (lib/bench/soak.ts) for the given seconds (300
 * by default): two server processes on the smallest size, a SIGKILL of one and a restart of
 * PostgreSQL during a mixed load, then an audit; on a PostgreSQL cluster of its own
 * (BENCH_PG_DIR with -soak, first port 54359), as it restarts it.
 * Everything it started is stopped at the end, also on failure or Ctrl-C. Loopback only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureBooking, type BookingReport } from './booking';
import { removeBenchRows } from './booking-data';
import { cpuMillis, postmasterPid } from './cpu';
import { benchPostgresDir, ensureSeeded, startPostgres, type BenchPostgres } from './databases';
import { runLoad, sendEach, type LoadResult } from './load';
import {
  LIGHTHOUSE_HEADERS,
  lighthouseRow,
  lighthouseTargets,
  runLighthouseAgainst,
  type PageLighthouse,
} from './lighthouse';
import { checkPages, measurePageRatio, measurePublicJs, type PageCheck, type PageRatio, type PublicJs } from './pages';
import { runSoak } from './soak';
import { ensureBuild, freePort, startServer, waitForOwnPageSync, type RunningServer } from './server';
import { globalSearchRequests, providerListRequests, type BenchRequest } from './workload';
import { measureUploadStall, uploadStallLines, type UploadStallReport } from './uploads';

const ROOT = process.cwd();
const BENCH_DIR = path.join(ROOT, '.bench');

// ---- options ----

function parseOptions(argv: string[]) {
  const options = {
    seconds: 8,
    rounds: 2,
    connections: 10,
    sizes: [1_000, 10_000, 100_000],
    rebuild: false,
    noBuild: false,
    keepPostgres: false,
    lighthouseRuns: 5,
    booking: true,
    appointments: 100_000,
    pagesOnly: false,
    uploads: true,
    uploadsOnly: false,
    /** Seconds of the soak; 0: no soak. */
    soak: 0,
    soakUsers: 8,
    heapSnapshots: false,
    soakNodeArgs: [] as string[],
  };
  let sizesGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--seconds') options.seconds = Math.min(60, Math.max(1, Number(value())));
    else if (arg === '--rounds') options.rounds = Math.min(5, Math.max(1, Math.floor(Number(value()))));
    else if (arg === '--connections') options.connections = Math.min(100, Math.max(1, Math.floor(Number(value()))));
    else if (arg === '--sizes') {
      options.sizes = value()
        .split(',')
        .map((s) => Math.floor(Number(s)));
      sizesGiven = true;
    } else if (arg === '--pages-only') options.pagesOnly = true;
    else if (arg === '--rebuild') options.rebuild = true;
    else if (arg === '--no-build') options.noBuild = true;
    else if (arg === '--keep-postgres') options.keepPostgres = true;
    else if (arg === '--lighthouse-runs')
      options.lighthouseRuns = Math.min(9, Math.max(0, Math.floor(Number(value()) || 0)));
    else if (arg === '--no-booking') options.booking = false;
    else if (arg === '--no-uploads') options.uploads = false;
    else if (arg === '--uploads-only') options.uploadsOnly = true;
    else if (arg === '--soak') {
      // The number is optional: `--soak` alone runs the default 300 s.
      const next = argv[i + 1];
      options.soak = next !== undefined && /^\d+$/.test(next) ? Number(argv[++i]) : 300;
      options.soak = Math.min(24 * 3600, Math.max(30, options.soak));
    } else if (arg === '--soak-heap-snapshots') options.heapSnapshots = true;
    else if (arg === '--soak-node-args') options.soakNodeArgs = value().split(/\s+/).filter(Boolean);
    else if (arg === '--soak-users') options.soakUsers = Math.min(50, Math.max(1, Math.floor(Number(value()) || 8)));
    else if (arg === '--appointments')
      options.appointments = Math.min(1_000_000, Math.max(0, Math.floor(Number(value()) || 0)));
    else if (arg === '--help' || arg === '-h') {
      console.log(fs.readFileSync(new URL(import.meta.url), 'utf8').split('*/')[0]);
      process.exit(0);
    } else throw new Error(`Unknown option ${arg} (see --help)`);
  }
  if (options.sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 1_000_000) || options.sizes.length < 1) {
    throw new Error('--sizes takes whole numbers from 1 to 1000000, comma-separated');
  }
  options.sizes.sort((a, b) => a - b);
  if (options.pagesOnly || options.uploadsOnly || options.soak)
    options.sizes = [sizesGiven ? options.sizes[0]! : 1_000];
  return options;
}

const label = (n: number) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));
const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

// ---- cleanup ----

const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch {
        // keep stopping the rest
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.log(`\n${signal}: stopping what the benchmark started...`);
    void cleanup().then(() => process.exit(130));
  });
}

// ---- plans ----

interface PlanSummary {
  request: string;
  statements: number;
  dbMs: number;
  indexScans: string[];
  seqScansOnBigTables: string[];
}

function explainPlans(databaseUrl: string, file: string, booking: BookingReport['explain']): Promise<PlanSummary[]> {
  const extra = booking ? ['--booking', `${booking.patientId}:${booking.providerIds.join(',')}`] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['lib/bench/explain.ts', databaseUrl, file, ...extra],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('[')) resolve(JSON.parse(last) as PlanSummary[]);
      else reject(new Error(`explain failed: ${(err || out).trim().split('\n').slice(-5).join('\n')}`));
    });
  });
}

// ---- report ----

interface EndpointRow {
  endpoint: string;
  size: number;
  result: LoadResult;
  /** CPU milliseconds per request of the server and of PostgreSQL. */
  cpu: { server: number; postgres: number };
}

function mergeRuns(runs: LoadResult[], samples: number[][]): LoadResult {
  const all = samples.flat().sort((a, b) => a - b);
  const pick = (p: number) =>
    all[Math.min(all.length - 1, Math.max(0, Math.ceil((p / 100) * all.length) - 1))] ?? Number.NaN;
  const requests = runs.reduce((s, r) => s + r.requests, 0);
  const seconds = runs.reduce((s, r) => s + r.seconds, 0);
  const statusCodes: Record<number, number> = {};
  for (const run of runs)
    for (const [code, n] of Object.entries(run.statusCodes))
      statusCodes[Number(code)] = (statusCodes[Number(code)] ?? 0) + n;
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: pick(50),
    p95: pick(95),
    p99: pick(99),
    failures: runs.reduce((s, r) => s + r.failures, 0),
    statusCodes,
  };
}

/** A Markdown table; numbers right-aligned, text (the first column, and `textColumns`) left-aligned. */
function table(headers: string[], rows: string[][], textColumns: number[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 || textColumns.includes(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

// ---- pages only ----

type Options = ReturnType<typeof parseOptions>;

/** --pages-only: the public pages' JavaScript and Lighthouse, on one server. */
async function pagesOnly(options: Options, databaseUrl: string): Promise<void> {
  const size = options.sizes[0]!;
  const server = await startServer(databaseUrl, await freePort(3470), label(size));
  cleanups.push(() => server.stop());
  log(`Server for ${label(size)} on ${server.baseUrl}`);
  log('Compressed JavaScript of every public page, first load and once idle (lib/scripts/measure-js.mjs --public)...');
  const js = measurePublicJs(server.baseUrl);
  if (js.detail) fs.writeFileSync(path.join(BENCH_DIR, 'public-pages-js.txt'), `${js.detail}\n`);
  // The home page, the first provider and clinic pages measure-js found, search results and
  // login, each against /privacy-policy in the same run (localhost: the host of the server's
  // canonical links, which Lighthouse's SEO checks).
  const lighthousePages = [
    '/',
    ...js.pages.map((p) => p.path).filter((p) => /^\/(provider|clinic)-details\//.test(p)),
    '/search-listing?lat=40.7128&lng=-74.006',
    '/login',
  ];
  const lighthouse =
    options.lighthouseRuns > 0
      ? runLighthouseAgainst(
          server.baseUrl.replace('127.0.0.1', 'localhost'),
          '/privacy-policy',
          lighthousePages,
          options.lighthouseRuns,
          log,
        )
      : undefined;
  await cleanup();

  console.log('');
  console.log(`## npm run bench -- --pages-only (${new Date().toISOString()}, ${label(size)} providers)`);
  console.log('');
  console.log(
    table(
      ['page', 'first load kB', 'idle kB', `budget ${js.budgetKb} kB`],
      js.pages.map((p) => [
        p.path,
        p.firstLoadKb.toFixed(1),
        p.idleKb === null ? 'n/a' : p.idleKb.toFixed(1),
        (p.idleKb ?? p.firstLoadKb) <= js.budgetKb ? 'met' : 'NOT MET',
      ]),
    ),
  );
  if (!js.pages.length) console.log(`not measured: ${js.problem}`);
  console.log('');
  if (lighthouse) {
    console.log(table(LIGHTHOUSE_HEADERS, [lighthouse.reference, ...lighthouse.pages].map(lighthouseRow)));
    console.log('');
    for (const target of lighthouseTargets(lighthouse.reference, lighthouse.pages)) {
      console.log(
        `${target.met ? 'met' : target.met === false ? 'NOT MET' : 'not measured'}: ${target.name}: ${target.value}`,
      );
    }
    console.log('');
  }
  console.log(`Total time ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** --uploads-only: the uploads part on one server (README "Image storage"). */
async function uploadsOnly(options: Options, databaseUrl: string): Promise<void> {
  const size = options.sizes[0]!;
  const server = await startServer(databaseUrl, await freePort(3470), label(size));
  cleanups.push(() => server.stop());
  cleanups.push(async () => void (await removeBenchRows(databaseUrl)));
  log(`Server for ${label(size)} on ${server.baseUrl}`);
  await sendEach(server.baseUrl, globalSearchRequests());
  const report = await measureUploadStall({
    baseUrl: server.baseUrl,
    databaseUrl,
    seconds: options.seconds * 2,
    connections: options.connections,
    log,
  });
  await cleanup();
  const { rows, targets } = uploadStallLines(report);
  console.log('');
  console.log(
    `## npm run bench -- --uploads-only (${new Date().toISOString()}, ${label(size)} providers, ${os.cpus().length} cores)`,
  );
  console.log('');
  console.log(table(['while uploading', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'failed'], rows));
  console.log('');
  for (const t of targets)
    console.log(`${t.met === undefined ? 'not measured' : t.met ? 'met' : 'not met'}: ${t.name} - ${t.value}`);
  console.log(`\nTotal time ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** --soak: two processes, a mixed load, a SIGKILL and a PostgreSQL restart, then the audit. */
async function soakOnly(options: Options, postgres: BenchPostgres, databaseUrl: string): Promise<void> {
  const size = options.sizes[0]!;
  const leftovers = await removeBenchRows(databaseUrl);
  if (leftovers) log(`Removed ${leftovers} appointments an interrupted run left behind`);
  cleanups.push(async () => void (await removeBenchRows(databaseUrl)));
  const load0 = os.loadavg();
  const report = await runSoak({
    seconds: options.soak,
    users: options.soakUsers,
    heapSnapshots: options.heapSnapshots,
    nodeArgs: options.soakNodeArgs,
    postgres,
    databaseUrl,
    providers: size,
    log,
    onServer: (stop) => cleanups.push(stop),
  });
  const load1 = os.loadavg();
  await cleanup();
  console.log('');
  console.log(
    `## npm run bench -- --soak ${options.soak} (${new Date().toISOString()}, ${label(size)} providers, ${options.soakUsers} users, ${os.cpus().length} cores, load average ${load0.map((l) => l.toFixed(1)).join(' ')} at start, ${load1.map((l) => l.toFixed(1)).join(' ')} at end)`,
  );
  console.log('');
  console.log(`${report.requests} requests`);
  for (const t of report.tables) {
    console.log('');
    console.log(table(t.headers, t.rows, t.title === 'audit' ? [2] : []));
  }
  console.log('');
  for (const note of report.notes) console.log(`- ${note}`);
  console.log('');
  for (const t of report.targets)
    console.log(`${t.met === undefined ? 'not measured' : t.met ? 'met' : 'not met'}: ${t.name} - ${t.value}`);
  console.log(`\nTotal time ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// ---- main ----

async function main() {
  const options = parseOptions(process.argv.slice(2));
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const load0 = os.loadavg();
  log(
    `npm run bench: ${options.sizes.map(label).join(', ')} providers; ${options.soak ? `soak of ${options.soak} s with ${options.soakUsers} users` : `${options.connections} connections; ${options.rounds} round(s) of ${options.seconds} s per endpoint and size`}; ${os.cpus().length} cores, load average ${load0.map((l) => l.toFixed(1)).join(' ')}`,
  );

  await ensureBuild({ force: options.rebuild, skipCheck: options.noBuild }, log);

  // The soak restarts its PostgreSQL: never the cluster another bench run may be measuring on.
  const postgres: BenchPostgres = startPostgres(
    log,
    options.soak
      ? { dir: `${benchPostgresDir()}-soak`, port: Number(process.env.BENCH_SOAK_PG_PORT || 54359) }
      : undefined,
  );
  if (!options.keepPostgres) cleanups.push(() => postgres.stop());

  const databases = new Map<number, string>();
  for (const size of options.sizes) {
    const name = `bench_${label(size).toLowerCase()}`;
    const seeded = await ensureSeeded(postgres, name, size, log);
    log(`Database ${name}: ${seeded ? 'seeded' : 'reused (same size and seed generator)'}`);
    databases.set(size, postgres.urlOf(name));
  }
  if (options.pagesOnly) {
    await pagesOnly(options, databases.get(options.sizes[0]!)!);
    return;
  }
  if (options.uploadsOnly) {
    await uploadsOnly(options, databases.get(options.sizes[0]!)!);
    return;
  }
  if (options.soak) {
    await soakOnly(options, postgres, databases.get(options.sizes[0]!)!);
    return;
  }

  // One production server per size, all up at once so the rounds can alternate between them.
  const servers = new Map<number, RunningServer>();
  let port = 3470;
  for (const size of options.sizes) {
    port = await freePort(port);
    const server = await startServer(databases.get(size)!, port, label(size));
    cleanups.push(() => server.stop());
    servers.set(size, server);
    port += 1;
    log(`Server for ${label(size)} on ${server.baseUrl}`);
  }

  const endpoints: { name: string; requests: BenchRequest[] }[] = [
    { name: 'global search', requests: globalSearchRequests() },
    { name: 'provider list', requests: providerListRequests() },
  ];

  // Warm-up: every request once (each must answer 200), then a load long enough for every pooled
  // connection to run each statement shape the five times after which PostgreSQL keeps its
  // generic plan (a server in service is past that point; the first seconds of one are not).
  for (const size of options.sizes) {
    const server = servers.get(size)!;
    for (const endpoint of endpoints) {
      const codes = await sendEach(server.baseUrl, endpoint.requests);
      const bad = [...codes].filter(([code]) => code !== 200);
      if (bad.length)
        throw new Error(
          `${endpoint.name} at ${label(size)} answered ${bad.map(([c, n]) => `${n}x HTTP ${c}`).join(', ')}`,
        );
      await runLoad({
        baseUrl: server.baseUrl,
        requests: endpoint.requests,
        connections: options.connections,
        seconds: 6,
      });
    }
    log(`Warmed up ${label(size)}`);
  }

  const pmPid = postmasterPid(postgres.dataDir);
  const runs = new Map<
    string,
    { runs: LoadResult[]; samples: number[][]; cpu: { server: number; postgres: number } }
  >();
  for (let round = 1; round <= options.rounds; round++) {
    for (const endpoint of endpoints) {
      for (const size of options.sizes) {
        const samples: number[] = [];
        const cpuBefore = cpuMillis(servers.get(size)!.pid, pmPid);
        const result = await runLoad({
          baseUrl: servers.get(size)!.baseUrl,
          requests: endpoint.requests,
          connections: options.connections,
          seconds: options.seconds,
          onLatency: (value) => samples.push(value),
        });
        const cpuAfter = cpuMillis(servers.get(size)!.pid, pmPid);
        const key = `${endpoint.name}@${size}`;
        const entry = runs.get(key) ?? { runs: [], samples: [], cpu: { server: 0, postgres: 0 } };
        entry.runs.push(result);
        entry.samples.push(samples);
        entry.cpu.server += cpuAfter.server - cpuBefore.server;
        entry.cpu.postgres += cpuAfter.postgres - cpuBefore.postgres;
        runs.set(key, entry);
        log(
          `Round ${round}: ${endpoint.name} at ${label(size)}: p95 ${ms(result.p95)} ms, ${result.rps.toFixed(0)} req/s, ` +
            `CPU per request ${ms((cpuAfter.server - cpuBefore.server) / result.requests)} ms server + ${ms((cpuAfter.postgres - cpuBefore.postgres) / result.requests)} ms PostgreSQL`,
        );
      }
    }
  }
  const rows: EndpointRow[] = [];
  for (const endpoint of endpoints) {
    for (const size of options.sizes) {
      const entry = runs.get(`${endpoint.name}@${size}`)!;
      const result = mergeRuns(entry.runs, entry.samples);
      rows.push({
        endpoint: endpoint.name,
        size,
        result,
        cpu: { server: entry.cpu.server / result.requests, postgres: entry.cpu.postgres / result.requests },
      });
    }
  }

  // Pages on the largest size only, with the other servers stopped.
  const largest = options.sizes[options.sizes.length - 1]!;
  for (const size of options.sizes) if (size !== largest) await servers.get(size)!.stop();
  const big = servers.get(largest)!;
  // Its page-cache cursor may be another size's (one build folder, one cursor file): until its
  // own sync has run, it would drop every cached page once, possibly while they are measured.
  if (!(await waitForOwnPageSync(big.baseUrl)))
    log('The page-cache sync did not settle in 30 s; provider pages may be re-rendered while measured');
  const providerPaths = Array.from(
    { length: 20 },
    (_, i) => `/provider-details/${1 + Math.floor((i * largest) / 20) + (i % 7)}`,
  );
  const staticPath = '/privacy-policy';
  const staticCheck = await checkPages(big.baseUrl, [staticPath]);
  const providerCheck: PageCheck = await checkPages(big.baseUrl, providerPaths);
  let pages: PageRatio | undefined;
  let js: PublicJs = { pages: [], budgetKb: 150, problem: 'provider page not available' };
  const notMeasured = options.lighthouseRuns > 0 ? 'provider page not available' : 'skipped (--lighthouse-runs 0)';
  let lighthouse: { reference: PageLighthouse; pages: PageLighthouse[] } = {
    reference: { path: staticPath, result: { runs: [], problem: notMeasured } },
    pages: [{ path: providerPaths[0]!, result: { runs: [], problem: notMeasured } }],
  };
  if (staticCheck.ok && providerCheck.ok) {
    log(
      `Provider pages answer (x-nextjs-cache on a repeat: ${providerCheck.cache}); measuring against ${staticPath} (${staticCheck.cache})`,
    );
    pages = await measurePageRatio(big.baseUrl, providerPaths, staticPath, options.connections, options.seconds * 2);
    log(
      'Compressed JavaScript of every public page, first load and once idle (lib/scripts/measure-js.mjs --public)...',
    );
    js = measurePublicJs(big.baseUrl);
    if (js.detail) fs.writeFileSync(path.join(BENCH_DIR, 'public-pages-js.txt'), `${js.detail}\n`);
    if (options.lighthouseRuns > 0) {
      // localhost, the host the server's canonical links name (PUBLIC_URL's default): SEO checks them.
      lighthouse = runLighthouseAgainst(
        big.baseUrl.replace('127.0.0.1', 'localhost'),
        staticPath,
        [providerPaths[0]!],
        options.lighthouseRuns,
        log,
      );
    }
  } else {
    log(`Pages not measured: ${staticCheck.problem ?? providerCheck.problem}`);
  }

  // Uploads against pages and searches, on the largest size; its patients go before booking's.
  let uploads: UploadStallReport | undefined;
  let uploadsProblem: string | undefined = options.uploads ? undefined : 'skipped (--no-uploads)';
  if (options.uploads) {
    try {
      uploads = await measureUploadStall({
        baseUrl: big.baseUrl,
        databaseUrl: databases.get(largest)!,
        seconds: options.seconds * 2,
        connections: options.connections,
        log,
      });
    } catch (error) {
      uploadsProblem = error instanceof Error ? error.message : String(error);
      log(`Uploads not measured: ${uploadsProblem}`);
    }
    await removeBenchRows(databases.get(largest)!);
  }

  // Booking on the largest size; its rows stay until its statements are explained.
  let booking: BookingReport | undefined;
  let bookingProblem: string | undefined = options.booking ? undefined : 'skipped (--no-booking)';
  if (options.booking) {
    const url = databases.get(largest)!;
    const leftovers = await removeBenchRows(url);
    if (leftovers) log(`Removed ${leftovers} appointments an interrupted run left behind`);
    cleanups.push(async () => {
      const removed = await removeBenchRows(url);
      log(`Removed the bench's ${removed} appointments and their patients from bench_${label(largest).toLowerCase()}`);
    });
    try {
      booking = await measureBooking({
        baseUrl: big.baseUrl,
        databaseUrl: url,
        providers: largest,
        appointments: options.appointments,
        connections: options.connections,
        seconds: options.seconds,
        rounds: options.rounds,
        serverPid: big.pid,
        postmasterPid: pmPid,
        log,
      });
    } catch (error) {
      bookingProblem = error instanceof Error ? error.message : String(error);
      log(`Booking not measured: ${bookingProblem}`);
    }
  }
  await big.stop();

  log(`Explaining the main statements at ${label(largest)} (written to .bench/plans.txt)...`);
  let plans: PlanSummary[] | undefined;
  let plansProblem: string | undefined;
  try {
    plans = await explainPlans(databases.get(largest)!, path.join(BENCH_DIR, 'plans.txt'), booking?.explain);
  } catch (error) {
    plansProblem = error instanceof Error ? error.message : String(error);
  }

  await cleanup();
  const load1 = os.loadavg();

  // ---- print ----
  console.log('');
  console.log(
    `## npm run bench (${new Date().toISOString()}, ${options.connections} connections, ${options.rounds} x ${options.seconds} s per cell, load average ${load0[0]!.toFixed(1)} at start, ${load1[0]!.toFixed(1)} at end)`,
  );
  console.log('');
  const endpointTable = rows.map((r) => [
    r.endpoint,
    label(r.size),
    String(r.result.requests),
    ms(r.result.p50),
    ms(r.result.p95),
    ms(r.result.p99),
    r.result.rps.toFixed(0),
    ms(r.cpu.server),
    ms(r.cpu.postgres),
    String(r.result.failures),
  ]);
  console.log(
    table(
      [
        'endpoint',
        'providers',
        'requests',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'req/s',
        'server CPU ms/req',
        'PostgreSQL CPU ms/req',
        'failed',
      ],
      endpointTable,
    ),
  );
  console.log('');

  const targets: { name: string; value: string; met: boolean | undefined }[] = [];
  const smallest = options.sizes[0]!;
  // Search on PostgreSQL's own indexes (lib/docs/decisions/discovery-search.md): under 50 ms at
  // the largest size and at most 2.5x the smallest's p95, with the CPU each request costs beside.
  for (const endpoint of endpoints) {
    const rowAt = (size: number) => rows.find((r) => r.endpoint === endpoint.name && r.size === size)!;
    const at = (size: number) => rowAt(size).result;
    const cpu = (size: number) =>
      `CPU ${ms(rowAt(size).cpu.server)} ms server + ${ms(rowAt(size).cpu.postgres)} ms PostgreSQL per request`;
    const ratio = at(largest).p95 / at(smallest).p95;
    targets.push({
      name: `${endpoint.name}: p95@${label(largest)} < 50 ms`,
      value: `${ms(at(largest).p95)} ms (${cpu(largest)})`,
      met: at(largest).p95 < 50 && at(largest).failures === 0,
    });
    targets.push({
      name: `${endpoint.name}: p95@${label(largest)} <= 2.5 x p95@${label(smallest)}`,
      value: `${ratio.toFixed(2)} (${ms(at(largest).p95)} / ${ms(at(smallest).p95)} ms; at ${label(smallest)}: ${cpu(smallest)})`,
      met: ratio <= 2.5 && at(largest).failures === 0,
    });
  }
  if (pages) {
    console.log(
      table(
        ['page', 'requests', 'p50 ms', 'p95 ms', 'req/s', 'failed'],
        [
          [`${staticPath} (static)`, pages.staticPage, staticCheck.cache],
          [`/provider-details/{id} (${providerPaths.length} ids)`, pages.providerPage, providerCheck.cache],
        ].map(([name, r, cache]) => {
          const result = r as LoadResult;
          return [
            `${name as string} [cache: ${cache as string}]`,
            String(result.requests),
            ms(result.p50),
            ms(result.p95),
            result.rps.toFixed(0),
            String(result.failures),
          ];
        }),
      ),
    );
    console.log('');
    targets.push({
      name: 'provider page req/s / static page req/s >= 0.8',
      value: `${pages.ratio.toFixed(2)} (${pages.providerPage.rps.toFixed(0)} / ${pages.staticPage.rps.toFixed(0)})${providerCheck.cache?.includes('HIT') ? '' : ' - provider pages not served from the cache yet'}`,
      met: pages.ratio >= 0.8 && pages.providerPage.failures === 0,
    });
  } else {
    targets.push({
      name: 'provider page req/s / static page req/s >= 0.8',
      value: `not measured: ${staticCheck.problem ?? providerCheck.problem}`,
      met: undefined,
    });
  }
  // One line per public page: what the browser has fetched once the page is idle,
  // link prefetches included, against the budget; the first load beside it.
  if (js.pages.length) {
    for (const page of js.pages) {
      const idle = page.idleKb;
      targets.push({
        name: `${page.path.replace(/\/\d+$/, '/{id}')} compressed JavaScript once idle <= ${js.budgetKb} kB`,
        value: `${idle === null ? 'idle not measured (no Chromium)' : `${idle.toFixed(1)} kB idle`}, ${page.firstLoadKb.toFixed(1)} kB first load`,
        met: (idle ?? page.firstLoadKb) <= js.budgetKb,
      });
    }
  } else {
    targets.push({
      name: 'public pages compressed JavaScript once idle <= 150 kB',
      value: `not measured: ${js.problem}`,
      met: undefined,
    });
  }

  if (lighthouse.reference.result.runs.length) {
    console.log(table(LIGHTHOUSE_HEADERS, [lighthouse.reference, ...lighthouse.pages].map(lighthouseRow)));
    console.log('');
  }
  targets.push(...lighthouseTargets(lighthouse.reference, lighthouse.pages));

  if (uploads) {
    const lines = uploadStallLines(uploads);
    console.log(
      table(['while uploading at ' + label(largest), 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'failed'], lines.rows),
    );
    console.log('');
    targets.push(...lines.targets);
  } else {
    targets.push({
      name: 'static file and search: p95 during 5 uploads of 5 x 9.7 MB <= 2 x p95 with none',
      value: `not measured: ${uploadsProblem}`,
      met: undefined,
    });
  }

  if (booking) {
    console.log(
      table(
        [
          'booking measurement at ' + label(largest),
          'requests',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'server CPU ms/req',
          'PostgreSQL CPU ms/req',
          'failed',
        ],
        booking.latencies.map((r) => [
          r.name,
          String(r.requests),
          ms(r.p50),
          ms(r.p95),
          ms(r.p99),
          r.cpu ? ms(r.cpu.server) : '',
          r.cpu ? ms(r.cpu.postgres) : '',
          String(r.failures),
        ]),
      ),
    );
    console.log('');
    targets.push(...booking.targets);
  } else {
    targets.push({
      name: 'booking: same slot, concurrent bookings, slots and listing with appointments, appointment list',
      value: `not measured: ${bookingProblem}`,
      met: undefined,
    });
  }

  if (plans) {
    console.log(
      table(
        ['query plan at ' + label(largest), 'statements', 'db ms', 'seq scan on a big table', 'index scans'],
        plans.map((p) => [
          p.request.length > 90 ? `${p.request.slice(0, 87)}...` : p.request,
          String(p.statements),
          p.dbMs.toFixed(1),
          p.seqScansOnBigTables.length ? `YES: ${p.seqScansOnBigTables.join(' ')}` : 'none',
          p.indexScans.join(' '),
        ]),
        [3, 4],
      ),
    );
    console.log('');
    const seq = plans.flatMap((p) => p.seqScansOnBigTables);
    targets.push({
      name: `query plans at ${label(largest)} use indexes (no Seq Scan on big tables)`,
      value: seq.length
        ? `Seq Scan on ${[...new Set(seq)].join(', ')}`
        : `${plans.reduce((s, p) => s + p.statements, 0)} statements, no Seq Scan on big tables (.bench/plans.txt)`,
      met: seq.length === 0,
    });
  } else {
    targets.push({ name: 'query plans use indexes', value: `not measured: ${plansProblem}`, met: undefined });
  }

  console.log(
    table(
      ['target', 'measured', 'result'],
      targets.map((t) => [t.name, t.value, t.met === undefined ? 'not measured' : t.met ? 'met' : 'NOT MET']),
      [1, 2],
    ),
  );
  console.log('');
  for (const t of targets)
    console.log(`${t.met === undefined ? 'not measured' : t.met ? 'met' : 'not met'}: ${t.name} - ${t.value}`);
  console.log(`\nTotal time ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch(async (error: unknown) => {
  console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanup();
  process.exit(1);
});

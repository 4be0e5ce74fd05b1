/**
 * `npm run bench -- --soak [seconds]` (issue "A soak with faults"; README "Benchmark"): two
 * production server processes on one PostgreSQL, as behind a load balancer, under a mix of page
 * views, searches, sign-ups and logins, bookings (in-office and paid teledental), cancels and
 * uploads from a few virtual users, for `seconds`. At a third of the time one server process is
 * ended with SIGKILL and started again on its port; at two thirds PostgreSQL is restarted. It
 * measures what a person behind the load balancer would notice (errors and p95 before, during
 * and after each fault), each process's memory, how soon each process answers from the database
 * again, and ends with an audit read from the database: nothing answered 201 is lost, no slot is
 * sold twice, no charge is without its appointment or its void.
 *
 * Everything the soak writes belongs to bench patients (lib/bench/booking-data.ts) and goes
 * with removeBenchRows() once the audit has read it.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { tokenizeSandboxCard } from '../api-client/sandbox-accept';
import { BENCH_EMAIL_DOMAIN, bookablePairs, firstVisitReasonId, withClient, type BookablePair } from './booking-data';
import { percentile } from './load';
import { freePort, startServer, type RunningServer } from './server';
import { BENCH_PLACES, globalSearchRequests, providerListRequests, type BenchRequest } from './workload';
import { signUpBody } from '../testing/sign-up-body';
import type { BenchPostgres } from './databases';

const ROOT = process.cwd();
const HEAP_DIR = path.join(ROOT, '.bench/heap');

export interface SoakOptions {
  seconds: number;
  /** Virtual users, each sending its next request soon after the previous answer. */
  users: number;
  postgres: BenchPostgres;
  databaseUrl: string;
  providers: number;
  log: (line: string) => void;
  /** Called with a stop function for every server started, for the bench's cleanup. */
  onServer: (stop: () => Promise<void>) => void;
  /**
   * Writes a V8 heap snapshot of each process (`--heapsnapshot-signal`) after the warm-up and at
   * the end, into .bench/heap/, to tell live objects that pile up from a heap that only grew:
   * `npx tsx lib/bench/heap-diff.ts A B` compares two. Each snapshot stops its process for
   * seconds, so the run's latency figures do not count.
   */
  heapSnapshots?: boolean;
  /** Node arguments of both server processes, e.g. `--max-old-space-size=256` to see what bounds their memory. */
  nodeArgs?: string[];
}

export interface SoakTarget {
  name: string;
  value: string;
  met: boolean | undefined;
}

export interface SoakReport {
  requests: number;
  tables: { title: string; headers: string[]; rows: string[][] }[];
  targets: SoakTarget[];
  notes: string[];
}

type Kind =
  | 'page /'
  | 'page /provider-details/{id}'
  | 'page /search-listing'
  | 'GET /v4/globalSearch'
  | 'GET /v4/providers'
  | 'GET /v4/providers/{id}/slots'
  | 'POST /v4/patientAppUser (sign-up)'
  | 'PUT /v4/session (login)'
  | 'POST /v4/appointments (in-office)'
  | 'POST /v4/appointments (teledental, paid)'
  | 'PUT /v4/appointments/{id}/cancel'
  | 'POST /v4/images (insurance card)';

interface Sample {
  kind: Kind;
  server: number;
  /** ms since the soak began (performance.now() based). */
  start: number;
  end: number;
  /** 0: no answer (connection refused or reset, or a 30 s timeout). */
  status: number;
}

interface Window {
  name: string;
  start: number;
  end: number;
}

interface Patient {
  email: string;
  password: string;
  token: string;
  deviceToken?: string;
}

interface Booked {
  id: string;
  patient: Patient;
  paid: boolean;
  canceled: 'no' | 'yes' | 'maybe';
}

const PASSWORD = 'Soak-Bench-1';
const SLOT_LEAD_MS = 2 * 3_600_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** Both processes must answer from the database within this long after PostgreSQL is back. */
const RECOVERY_TARGET_S = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Provider pages in the soak's working set. */
const PAGE_SET = 40;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : 'n/a');

// ---- processes and memory ----

/** Every descendant of `pid` (the launcher's tree: tsx, lib/custom-server/start.ts, serve.mjs). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields after its last ')' are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone while listing
    }
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const child of children.get(p) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/** The Next.js server process (lib/custom-server/serve.mjs) under a launcher, where the memory is. */
function serverProcess(launcher: number | undefined): number | undefined {
  if (launcher === undefined) return undefined;
  return descendants(launcher).find((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('serve.mjs');
    } catch {
      return false;
    }
  });
}

function rssKb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// ---- requests ----

/** A small PNG such as a phone photo of an insurance card, shrunk: ~30 kB that does not compress. */
function cardImage(): Promise<Buffer> {
  return sharp(crypto.randomBytes(160 * 100 * 3), { raw: { width: 160, height: 100, channels: 3 } })
    .png()
    .toBuffer();
}

function newCard() {
  const answer = tokenizeSandboxCard({
    cardNumber: '4111111111111111',
    month: '12',
    year: String(new Date().getFullYear() + 2),
    cardCode: '123',
  });
  if (!answer.opaqueData) throw new Error('the sandbox did not tokenise its own test card');
  return answer.opaqueData;
}

// ---- the soak ----

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { log, databaseUrl } = options;
  // The soak's clock; set again when the load starts, so its thirds leave the setup out.
  let t0 = performance.now();
  const now = () => performance.now() - t0;
  const endAt = options.seconds * 1000;
  const secret = crypto.randomBytes(32).toString('base64url');
  // What both processes share, as behind a load balancer (README "Several processes"). The
  // sign-up and new-card budgets per address and account would refuse a bench whose every
  // patient comes from 127.0.0.1; the booking limits stay as they are.
  const env = {
    SESSION_SECRET: secret,
    SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
    NEW_CARDS_PER_ACCOUNT_PER_HOUR: '100000',
    PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR: '100000',
  };
  const ports = [await freePort(3500)];
  ports.push(await freePort(ports[0]! + 1));
  const servers: RunningServer[] = [];
  const starts = [0, 0];
  log(`Soak: starting two server processes on one PostgreSQL (ports ${ports.join(', ')})...`);
  const nodeArgs = [
    ...(options.nodeArgs ?? []),
    ...(options.heapSnapshots ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${HEAP_DIR}`] : []),
  ];
  if (options.heapSnapshots) fs.mkdirSync(HEAP_DIR, { recursive: true });
  const started = await Promise.all(
    ports.map((port, i) => startServer(databaseUrl, port, `soak-${i + 1}`, nodeArgs, env)),
  );
  for (const server of started) {
    servers.push(server);
    options.onServer(() => server.stop());
  }
  const baseUrls = ports.map((port) => `http://127.0.0.1:${port}`);

  const samples: Sample[] = [];
  const errors = new Map<string, number>();
  const noteError = (text: string) => errors.set(text, (errors.get(text) ?? 0) + 1);

  async function call(
    kind: Kind | undefined,
    server: number,
    method: string,
    urlPath: string,
    init: { token?: string; json?: unknown; form?: FormData } = {},
  ): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = {};
    if (init.token) headers['x-auth-token'] = init.token;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const start = now();
    let status = 0;
    let body: unknown;
    try {
      const response = await fetch(baseUrls[server] + urlPath, {
        method,
        headers,
        body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = response.status;
      const text = await response.text();
      if ((response.headers.get('content-type') ?? '').includes('json')) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      if (status >= 500) noteError(`${kind ?? urlPath}: HTTP ${status} ${text.slice(0, 100)}`);
    } catch (error) {
      status = 0;
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      noteError(`${kind ?? urlPath}: no answer (${cause ?? (error as Error).name})`);
    }
    if (kind) samples.push({ kind, server, start, end: now(), status });
    return { status, body };
  }

  // Setup: the places to book, a visit reason, patients signed up through the API.
  const visitReasonId = await firstVisitReasonId(databaseUrl);
  const inOfficePairs = await bookablePairs(databaseUrl, 150);
  const telePairs = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ provider_id: number; office_id: number }>(
      `select distinct on (po.provider_id) po.provider_id, po.office_id
         from provider_offices po join offices o on o.id = po.office_id join providers p on p.id = po.provider_id
        where po.offers_teledental and o.teledental_payment_ready and p.teledental_fee_cents > 0
          and cardinality(po.working_days) >= 3 and jsonb_array_length(o.business_hours) >= 3
        order by po.provider_id, po.office_id
        limit 150`,
    );
    return rows.map((r): BookablePair => ({ providerId: r.provider_id, officeId: r.office_id }));
  });
  if (!inOfficePairs.length || !telePairs.length) throw new Error('no bookable providers for the soak');
  const image = await cardImage();
  const patients: Patient[] = [];
  let signUps = 0;
  const newEmail = () => `soak.${++signUps}.${crypto.randomUUID().slice(0, 8)}@${BENCH_EMAIL_DOMAIN}`.toLowerCase();
  async function signUp(kind: Kind | undefined, server: number): Promise<boolean> {
    const email = newEmail();
    const created = await call(kind, server, 'POST', '/v4/patientAppUser', {
      json: signUpBody({ email, password: PASSWORD, firstName: 'Soak', lastName: 'Patient' }),
    });
    if (created.status !== 201) return false;
    const patient: Patient = { email, password: PASSWORD, token: '' };
    if (!(await login(undefined, 1 - server, patient))) return false;
    patients.push(patient);
    return true;
  }
  async function login(kind: Kind | undefined, server: number, patient: Patient): Promise<boolean> {
    const answer = await call(kind, server, 'PUT', '/v4/session', {
      json: { email: patient.email, password: patient.password, deviceToken: patient.deviceToken },
    });
    if (answer.status !== 200) return false;
    const body = answer.body as { token: string; deviceToken: string };
    patient.token = body.token;
    patient.deviceToken = body.deviceToken;
    return true;
  }
  log('Soak: signing up 30 bench patients through the API...');
  for (let i = 0; i < 30; i += 5) await Promise.all([0, 1, 2, 3, 4].map((k) => signUp(undefined, (i + k) % 2)));
  if (patients.length < 30) throw new Error(`only ${patients.length} of 30 sign-ups succeeded: ${[...errors.keys()]}`);
  const probe = patients[0]!;

  const booked: Booked[] = [];
  // Provider pages are kept in each process's page cache per id (next.config.mjs
  // cacheMaxMemorySize): how many distinct ones each was asked for explains part of its memory.
  const providerPages = [new Set<number>(), new Set<number>()];
  const pages: BenchRequest[] = [
    { path: '/' },
    ...BENCH_PLACES.slice(0, 8).map((p) => ({ path: `/search-listing?lat=${p.lat}&lng=${p.lng}` })),
  ];
  const searches = globalSearchRequests();
  const listings = providerListRequests();

  async function book(server: number, paid: boolean): Promise<void> {
    const pair = pick(paid ? telePairs : inOfficePairs);
    const slots = await call(
      'GET /v4/providers/{id}/slots',
      server,
      'GET',
      `/v4/providers/${pair.providerId}/slots?officeId=${pair.officeId}`,
    );
    if (slots.status !== 200) return;
    const days = (slots.body as { days: { morning: { start: string }[]; afternoon: { start: string }[] }[] }).days;
    const free = days
      .flatMap((d) => [...d.morning, ...d.afternoon])
      .map((s) => s.start)
      .filter((s) => Date.parse(s) >= Date.now() + SLOT_LEAD_MS);
    if (!free.length) return;
    const patient = pick(patients);
    const answer = await call(
      paid ? 'POST /v4/appointments (teledental, paid)' : 'POST /v4/appointments (in-office)',
      server,
      'POST',
      '/v4/appointments',
      {
        token: patient.token,
        json: {
          idempotencyKey: crypto.randomUUID(),
          providerId: pair.providerId,
          officeId: pair.officeId,
          slotStart: pick(free.slice(0, 20)),
          visitType: paid ? 'virtual' : 'inOffice',
          visitReasonId,
          patientType: 'existing',
          notes: 'Soak booking.',
          acceptTerms: true,
          ...(paid ? { payment: { kind: 'newCard', opaqueData: newCard(), saveCard: false } } : {}),
        },
      },
    );
    if (answer.status === 201) booked.push({ id: (answer.body as { id: string }).id, patient, paid, canceled: 'no' });
  }

  async function cancel(server: number): Promise<void> {
    const open = booked.filter((b) => b.canceled === 'no');
    if (!open.length) return;
    const target = pick(open);
    // Taken before the answer, so two users do not cancel the same one.
    target.canceled = 'maybe';
    const answer = await call(
      'PUT /v4/appointments/{id}/cancel',
      server,
      'PUT',
      `/v4/appointments/${target.id}/cancel`,
      {
        token: target.patient.token,
      },
    );
    // No answer or a 5xx: it may or may not have been canceled; the audit accepts either.
    if (answer.status === 200) target.canceled = 'yes';
    else if (answer.status > 0 && answer.status < 500) target.canceled = 'no';
  }

  async function upload(server: number): Promise<void> {
    const form = new FormData();
    form.set('purpose', 'insurance');
    form.append('images', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'insurance-card.png');
    await call('POST /v4/images (insurance card)', server, 'POST', '/v4/images', {
      token: pick(patients).token,
      form,
    });
  }

  // Provider pages come from a working set: each process keeps rendered pages in a page cache
  // bounded by cacheMaxMemorySize (next.config.mjs), so a soak asking ever new ids would measure
  // that cache filling up to its bound rather than a leak.
  const pageIds = Array.from({ length: PAGE_SET }, (_, k) => 1 + Math.floor((k * options.providers) / PAGE_SET));

  // The mix, in shares of a virtual user's actions.
  const actions: [number, (server: number) => Promise<unknown>][] = [
    [8, (s) => call('page /', s, 'GET', '/')],
    [
      10,
      (s) => {
        const id = pick(pageIds);
        providerPages[s]!.add(id);
        return call('page /provider-details/{id}', s, 'GET', `/provider-details/${id}`);
      },
    ],
    [6, (s) => call('page /search-listing', s, 'GET', pick(pages.slice(1)).path)],
    [14, (s) => call('GET /v4/globalSearch', s, 'GET', pick(searches).path)],
    [10, (s) => call('GET /v4/providers', s, 'GET', pick(listings).path)],
    [1, (s) => signUp('POST /v4/patientAppUser (sign-up)', s)],
    [3, (s) => login('PUT /v4/session (login)', s, pick(patients))],
    [6, (s) => book(s, false)],
    [4, (s) => book(s, true)],
    [3, (s) => cancel(s)],
    [3, (s) => upload(s)],
  ];
  const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);
  const nextAction = () => {
    let r = Math.random() * totalWeight;
    for (const [w, act] of actions) if ((r -= w) < 0) return act;
    return actions[0]![1];
  };

  // Every page of the working set once per process before the clock starts: what fills the
  // bounded page cache is then in it, and growth measured after the warm-up is the rest.
  const warmPages = async (server: number) => {
    for (const id of pageIds) await call(undefined, server, 'GET', `/provider-details/${id}`);
  };
  await Promise.all(servers.map((_, i) => warmPages(i)));

  t0 = performance.now();
  // ---- memory, sampled every 5 s ----
  const memory: { t: number; server: number; pid: number; kb: number }[] = [];
  const sampleMemory = () => {
    servers.forEach((server, i) => {
      const pid = serverProcess(server.pid);
      const kb = rssKb(pid);
      if (pid !== undefined && kb !== undefined) memory.push({ t: now(), server: i, pid, kb });
    });
  };
  sampleMemory();
  const memoryTimer = setInterval(sampleMemory, 5_000);
  const snapshot = (when: string) => {
    if (!options.heapSnapshots) return;
    servers.forEach((server, i) => {
      const pid = serverProcess(server.pid);
      if (pid === undefined) return;
      log(`Soak: heap snapshot of process ${i + 1} (${when}) into ${path.relative(process.cwd(), HEAP_DIR)}`);
      process.kill(pid, 'SIGUSR2');
    });
  };
  const warmUpSnapshot = setTimeout(() => snapshot('after the warm-up'), Math.min(120_000, endAt / 5));

  // ---- faults ----
  const windows: Window[] = [];
  const recovery: { server: number; seconds: number | undefined }[] = [];
  let pgBack = Number.NaN;
  const pidsBeforePgRestart: (number | undefined)[] = [];
  const answersFromDb = async (server: number) =>
    (await call(undefined, server, 'GET', '/v4/appointments?tab=upcoming', { token: probe.token })).status === 200;

  async function faults(): Promise<void> {
    await sleep(Math.max(0, endAt / 3 - now()));
    // 1. One server process ends with SIGKILL (no shutdown of any kind) and is started again.
    const victim = 0;
    const killAt = now();
    log(`Soak: SIGKILL to server process 1 (port ${ports[victim]}) at ${(killAt / 1000).toFixed(0)} s`);
    const launcher = servers[victim]!.pid!;
    const group = [launcher, ...descendants(launcher)];
    process.kill(-launcher, 'SIGKILL');
    while (group.some(alive)) await sleep(50);
    const restarted = await startServer(databaseUrl, ports[victim]!, `soak-${victim + 1}-restarted`, nodeArgs, env);
    servers[victim] = restarted;
    options.onServer(() => restarted.stop());
    starts[victim] = now();
    while (!(await answersFromDb(victim))) await sleep(200);
    windows.push({ name: 'server process killed', start: killAt, end: now() });
    await warmPages(victim);
    log(`Soak: server process 1 answers again after ${((now() - killAt) / 1000).toFixed(1)} s`);

    await sleep(Math.max(0, (2 * endAt) / 3 - now()));
    // 2. PostgreSQL restarts (every session ended); the processes must find it again by themselves.
    const restartAt = now();
    servers.forEach((server) => pidsBeforePgRestart.push(serverProcess(server.pid)));
    log(`Soak: restarting PostgreSQL at ${(restartAt / 1000).toFixed(0)} s`);
    const { startedAt } = await options.postgres.restart();
    pgBack = startedAt - t0;
    log(`Soak: PostgreSQL accepts connections again after ${((pgBack - restartAt) / 1000).toFixed(1)} s down`);
    await Promise.all(
      servers.map(async (_, i) => {
        const deadline = pgBack + 60_000;
        while (now() < deadline) {
          if (await answersFromDb(i)) {
            recovery[i] = { server: i, seconds: (now() - pgBack) / 1000 };
            return;
          }
          await sleep(200);
        }
        recovery[i] = { server: i, seconds: undefined };
      }),
    );
    windows.push({ name: 'PostgreSQL restarted', start: restartAt, end: now() });
    log(
      `Soak: after PostgreSQL's return, ${recovery.map((r) => `process ${r.server + 1} answered in ${r.seconds?.toFixed(1) ?? 'no answer in 60'} s`).join(', ')}`,
    );
  }

  // ---- load ----
  log(`Soak: ${options.users} virtual users for ${options.seconds} s over both processes...`);
  let turn = 0;
  const user = async () => {
    while (now() < endAt) {
      await nextAction()(turn++ % 2);
      // A short pause between a user's actions, so a few users stay within two shared cores.
      await sleep(50 + Math.random() * 150);
    }
  };
  const progress = setInterval(() => {
    const recent = samples.filter((s) => s.end > now() - 30_000);
    log(
      `Soak: ${(now() / 1000).toFixed(0)} s, ${samples.length} requests, last 30 s: ${recent.length} (${recent.filter((s) => s.status >= 500 || s.status === 0).length} failed)`,
    );
  }, 30_000);
  const faultRun = faults();
  await Promise.all([...Array.from({ length: options.users }, user), faultRun]);
  clearInterval(progress);
  sampleMemory();
  clearInterval(memoryTimer);
  clearTimeout(warmUpSnapshot);
  const soakEnd = now();
  snapshot('at the end');

  // ---- reconciliation, then the audit ----
  log('Soak: running the payment reconciliation over every unfinished attempt...');
  const reconciled = await reconcile(databaseUrl, secret);
  log(`Soak: reconciliation ${reconciled}`);
  const audit = await auditDatabase(databaseUrl, booked);

  // ---- report ----
  const report: SoakReport = { requests: samples.length, tables: [], targets: [], notes: [] };
  const failed = (s: Sample) => s.status >= 500 || s.status === 0;
  const inWindow = (s: Sample) => windows.some((w) => s.start <= w.end && s.end >= w.start);
  const inside = samples.filter(inWindow);
  const outside = samples.filter((s) => !inWindow(s));
  const count = (list: Sample[]) =>
    `${list.filter((s) => s.status >= 500).length} 5xx, ${list.filter((s) => s.status === 0).length} without answer`;
  report.tables.push({
    title: 'requests',
    headers: ['requests', 'total', '5xx', 'of them 503', 'no answer'],
    rows: [
      ['inside fault windows', String(inside.length), ...counts(inside)],
      ['outside fault windows', String(outside.length), ...counts(outside)],
      ['all', String(samples.length), ...counts(samples)],
    ],
  });
  report.tables.push({
    title: 'fault windows',
    headers: ['fault window', 'from s', 'to s', 'lasted s'],
    rows: windows.map((w) => [
      w.name,
      (w.start / 1000).toFixed(1),
      (w.end / 1000).toFixed(1),
      ((w.end - w.start) / 1000).toFixed(1),
    ]),
  });

  // p95 per kind in each phase: before, during and after each fault.
  const phases: { name: string; from: number; to: number }[] = [];
  let from = 0;
  windows.forEach((w, i) => {
    phases.push({ name: i === 0 ? `before: ${w.name}` : `between`, from, to: w.start });
    phases.push({ name: `during: ${w.name}`, from: w.start, to: w.end });
    from = w.end;
  });
  phases.push({ name: windows.length ? 'after the last fault' : 'whole run', from, to: soakEnd + 1 });
  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  report.tables.push({
    title: 'p95 ms (requests) per phase',
    headers: ['p95 ms (requests, failed)', ...phases.map((p) => p.name)],
    rows: kinds.map((kind) => [
      kind,
      ...phases.map((p) => {
        const inPhase = samples.filter((s) => s.kind === kind && s.start >= p.from && s.start < p.to);
        const answered = inPhase.filter((s) => s.status > 0).map((s) => s.end - s.start);
        answered.sort((a, b) => a - b);
        const bad = inPhase.filter(failed).length;
        return inPhase.length
          ? `${ms(percentile(answered, 95))} (${inPhase.length}${bad ? `, ${bad} failed` : ''})`
          : '-';
      }),
    ]),
  });
  const statuses = new Map<string, number>();
  for (const s of samples) statuses.set(`${s.status || 'none'}`, (statuses.get(`${s.status || 'none'}`) ?? 0) + 1);
  report.notes.push(
    `status codes: ${[...statuses]
      .sort()
      .map(([code, n]) => `${n}x ${code}`)
      .join(', ')}`,
    `bookings answered 201: ${booked.length} (${booked.filter((b) => b.paid).length} paid), canceled by the soak: ${booked.filter((b) => b.canceled === 'yes').length} (+${booked.filter((b) => b.canceled === 'maybe').length} without a clear answer)`,
  );
  report.notes.push(
    `distinct provider pages asked of each process (each may take a place in its page cache): ${providerPages.map((set, i) => `process ${i + 1}: ${set.size}`).join(', ')}`,
  );
  for (const [text, n] of [...errors].sort((a, b) => b[1] - a[1]).slice(0, 12)) report.notes.push(`${n}x ${text}`);

  // Memory: the median of the samples in the 30 s after a warm-up (two minutes, or a fifth of a
  // shorter run) from the process's start, against the median of the last 30 s: single
  // samples swing with the garbage collector. Two minutes: under the soak's load a process's
  // resident size climbs for about that long (V8's heap and the page cache reaching their
  // working size); with the heap bounded (the launcher's default, lib/config/server-node-args.ts)
  // it then holds. A restarted process counts from its restart.
  const warmUp = Math.min(120_000, endAt / 5);
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
  };
  const memoryRows: string[][] = [];
  let memoryMet: boolean | undefined = true;
  const growths: string[] = [];
  servers.forEach((server, i) => {
    const pid = serverProcess(server.pid) ?? memory.filter((m) => m.server === i).at(-1)?.pid;
    const own = memory.filter((m) => m.server === i && m.pid === pid);
    const first = own[0];
    const last = own.at(-1);
    const base = starts[i]! + warmUp;
    const early = median(own.filter((m) => m.t >= base && m.t < base + 30_000).map((m) => m.kb));
    const late = median(own.filter((m) => m.t >= soakEnd - 30_000).map((m) => m.kb));
    const growth = ((late - early) / early) * 100;
    if (!Number.isFinite(growth)) memoryMet = undefined;
    else if (growth >= 10) memoryMet = memoryMet === undefined ? undefined : false;
    growths.push(`process ${i + 1} ${Number.isFinite(growth) ? `${growth.toFixed(1)}%` : 'n/a'}`);
    // Whether it levels off or keeps climbing: one sample per 30 s of the process's life.
    const series = own.filter((m, k) => k === 0 || Math.floor(m.t / 30_000) !== Math.floor(own[k - 1]!.t / 30_000));
    log(
      `Soak: process ${i + 1} RSS every 30 s (MB): ${series.map((m) => `${(m.t / 1000).toFixed(0)} s ${(m.kb / 1024).toFixed(0)}`).join(', ')}`,
    );
    memoryRows.push([
      `process ${i + 1}${starts[i] ? ` (restarted at ${(starts[i]! / 1000).toFixed(0)} s)` : ''}`,
      first ? (first.kb / 1024).toFixed(0) : 'n/a',
      last ? (last.kb / 1024).toFixed(0) : 'n/a',
      Number.isFinite(early) ? (early / 1024).toFixed(0) : 'n/a',
      Number.isFinite(late) ? (late / 1024).toFixed(0) : 'n/a',
      Number.isFinite(growth) ? `${growth.toFixed(1)}%` : 'n/a',
    ]);
  });
  report.tables.push({
    title: 'memory',
    headers: [
      'server RSS (serve.mjs)',
      'at start MB',
      'at end MB',
      `after warm-up (${(warmUp / 1000).toFixed(0)} s) MB`,
      'last 30 s MB',
      'growth',
    ],
    rows: memoryRows,
  });

  const outsideFailures = outside.filter(failed);
  report.targets.push({
    name: '0 5xx (and no unanswered request) outside the fault windows',
    value: `${count(outside)} of ${outside.length} requests outside; inside: ${count(inside)} of ${inside.length}`,
    met: outsideFailures.length === 0,
  });
  // During a fault a request may fail, but cleanly: 503 with Retry-After (or no connection at
  // all while a process is down), never a 500 from an error the server did not expect.
  const unclean = inside.filter((s) => s.status >= 500 && s.status !== 503);
  report.targets.push({
    name: 'inside the fault windows, failures are clean (503 or no connection), never another 5xx',
    value: `${unclean.length} other 5xx (${[...new Set(unclean.map((s) => `${s.status} ${s.kind}`))].join(', ') || 'none'}); ${inside.filter((s) => s.status === 503).length} x 503, ${inside.filter((s) => s.status === 0).length} without answer`,
    met: unclean.length === 0,
  });
  const unchanged = servers.every((server, i) => serverProcess(server.pid) === pidsBeforePgRestart[i]);
  report.targets.push({
    name: `both processes answer from the database within ${RECOVERY_TARGET_S} s of PostgreSQL's return, without a restart`,
    value:
      recovery.length === 2
        ? `${recovery.map((r) => `process ${r.server + 1}: ${r.seconds === undefined ? 'no answer in 60 s' : `${r.seconds.toFixed(1)} s`}`).join(', ')}${unchanged ? ', same processes' : ', a process was restarted'}`
        : 'PostgreSQL was not restarted (run too short)',
    met:
      recovery.length === 2
        ? unchanged && recovery.every((r) => r.seconds !== undefined && r.seconds <= RECOVERY_TARGET_S)
        : undefined,
  });
  report.targets.push({
    name: 'memory growth < 10% over the soak (after warm-up)',
    value: growths.join(', '),
    met: memoryMet,
  });
  report.targets.push({ name: 'audit: nothing missing', value: audit.summary, met: audit.ok });
  report.tables.push({ title: 'audit', headers: ['audit', 'found', 'result'], rows: audit.rows });
  return report;

  function counts(list: Sample[]): string[] {
    return [
      String(list.filter((s) => s.status >= 500).length),
      String(list.filter((s) => s.status === 503).length),
      String(list.filter((s) => s.status === 0).length),
    ];
  }
}

/**
 * The reconciliation job over every attempt still unfinished (lib/bench/soak-reconcile.ts, in
 * the server's module conditions). Its grace period waits for requests that may still be
 * charging; here every request has ended, so none is waited for.
 */
function reconcile(databaseUrl: string, secret: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['--conditions=react-server', 'lib/bench/soak-reconcile.ts'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET: secret, SEED_PROVIDERS: '0' },
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(out.trim().split('\n').pop() ?? '')
        : reject(new Error(`reconciliation failed: ${(err || out).trim().split('\n').slice(-5).join('\n')}`)),
    );
  });
}

/** What the database holds after the soak, against what the soak was answered. */
async function auditDatabase(
  databaseUrl: string,
  booked: Booked[],
): Promise<{ ok: boolean; summary: string; rows: string[][] }> {
  return withClient(databaseUrl, async (client) => {
    const rows: string[][] = [];
    const problems: string[] = [];
    const line = (name: string, found: number, ok: boolean) => {
      rows.push([name, String(found), ok ? 'ok' : 'MISSING']);
      if (!ok) problems.push(`${name}: ${found}`);
    };
    const { rows: found } = await client.query<{ id: string; status: string }>(
      'select id, status from appointments where id = any($1::uuid[])',
      [booked.map((b) => b.id)],
    );
    const byId = new Map(found.map((r) => [r.id, r.status]));
    line('bookings answered 201', booked.length, true);
    line(
      '... not in the database',
      booked.filter((b) => !byId.has(b.id)).length,
      booked.every((b) => byId.has(b.id)),
    );
    const wronglyCanceled = booked.filter((b) => byId.get(b.id) === 'canceled' && b.canceled === 'no').length;
    line('... canceled though the soak did not cancel them', wronglyCanceled, wronglyCanceled === 0);
    const notCanceled = booked.filter((b) => b.canceled === 'yes' && byId.get(b.id) !== 'canceled').length;
    line('... canceled with 200 but not canceled', notCanceled, notCanceled === 0);
    const holds = booked.filter((b) => byId.get(b.id) === 'pendingPayment').length;
    line('... still a payment hold', holds, holds === 0);

    // A live appointment takes its provider's time: scheduled or confirmed, or a payment hold
    // that has not expired (an expired hold is released, not a booking).
    const { rows: doubles } = await client.query<{ n: number }>(
      `with live as (
         select id, provider_id, tstzrange(starts_at, ends_at) as span from appointments
          where status in ('scheduled', 'confirmed') or (status = 'pendingPayment' and hold_expires_at > now()))
       select count(*)::int as n from live a join live b
           on a.provider_id = b.provider_id and a.id < b.id and a.span && b.span`,
    );
    line('slots holding two live appointments (same provider, overlapping)', doubles[0]!.n, doubles[0]!.n === 0);

    // Payments of the bench's patients: each attempt finished, each charge with its appointment or its void.
    const { rows: attempts } = await client.query<{
      state: string;
      reference: string;
      appointment_status: string | null;
      appointment_tx: string | null;
      transaction_id: string | null;
      charge_status: string | null;
    }>(
      `select pa.state, pa.reference, a.status as appointment_status, a.transaction_id as appointment_tx,
              pa.transaction_id,
              (select sp.status from sandbox_payments sp where sp.kind = 'charge' and sp.reference = pa.reference
                order by sp.created_at desc limit 1) as charge_status
         from payment_attempts pa
         join patient_app_users u on u.id = pa.patient_user_id
         left join appointments a on a.id = pa.appointment_id
        where u.email like '%@' || $1`,
      [BENCH_EMAIL_DOMAIN],
    );
    line('payment attempts', attempts.length, true);
    const unfinished = attempts.filter((a) => a.state === 'started' || a.state === 'charged').length;
    line('... left unfinished after the reconciliation', unfinished, unfinished === 0);
    const completedWithout = attempts.filter(
      (a) =>
        a.state === 'completed' &&
        (a.appointment_status === null ||
          a.appointment_status === 'pendingPayment' ||
          a.appointment_tx !== a.transaction_id),
    ).length;
    line('... charged and completed without their appointment', completedWithout, completedWithout === 0);
    const capturedWithout = attempts.filter((a) => a.charge_status === 'captured' && a.state !== 'completed').length;
    line('... a captured charge neither completed nor voided', capturedWithout, capturedWithout === 0);
    const paidBookings = booked.filter((b) => b.paid).length;
    const completed = attempts.filter((a) => a.state === 'completed').length;
    line('... completed (paid bookings answered 201: ' + paidBookings + ')', completed, completed >= paidBookings);
    const ok = problems.length === 0;
    return {
      ok,
      summary: ok
        ? `${booked.length} bookings answered 201 all there, no slot sold twice, ${attempts.length} payment attempts all finished`
        : problems.join('; '),
      rows,
    };
  });
}

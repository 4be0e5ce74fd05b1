/**
 * Booking's figures in `npm run bench` ("Speed and load"), measured on one running
 * production server and its database (the largest size), as ratios within this one run:
 *
 *   1. 50 patients ask for the same slot at the same moment (three times, three slots): exactly
 *      one appointment per slot, every other answer a 409 in the error shape, no 5xx;
 *   2. booking p95 with 20 patients booking different slots at once against a lone booking's
 *      p95 (in-office, no fee; alternating blocks of lone bookings and bursts of 20, every
 *      booking a fresh patient, provider and slot, and a fresh idempotency key);
 *   3. provider slots and the provider listing with no booked appointments, then with
 *      `appointments` of them seeded straight into the database at real slot times
 *      (lib/bench/seed-appointments.ts), against each other;
 *   4. a patient's list (upcoming and past tabs) with 1,000 appointments against one with 10.
 *
 * Everything it writes belongs to bench patients (lib/bench/booking-data.ts) and is deleted by
 * removeBenchRows() when the run ends; the plans of its statements are taken before that.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apiErrorSchema } from '../contracts/errors';
import {
  bookablePairs,
  createPatients,
  firstVisitReasonId,
  liveAppointmentsAt,
  seedPatientHistory,
  type BenchPatient,
  type BookablePair,
} from './booking-data';
import { cpuMillis } from './cpu';
import { percentile, runLoad, sendEach } from './load';
import { providerListRequests, type BenchRequest } from './workload';

const ROOT = process.cwd();

/**
 * How much worse than the baseline a booking may get before the bench says so: wide enough for
 * a busy machine's noise, narrow enough to catch a query or a hash added to every booking.
 */
const GROWTH = 1.3;

/** The figures booking is kept from growing past, from a quiet run on the reference machine. */
interface BookingBaseline {
  /** When and where it was measured; null until a quiet run on the reference machine records it. */
  measured: string | null;
  cpuMsPerBooking: number | null;
  bookingsPerSecond: number | null;
}

function bookingBaseline(): BookingBaseline {
  const file = path.join(ROOT, 'lib/bench/baseline.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { booking: BookingBaseline }).booking;
}

export interface BookingOptions {
  baseUrl: string;
  databaseUrl: string;
  /** Providers in the database (ids 1..providers). */
  providers: number;
  /** Appointments seeded for figure 3. */
  appointments: number;
  connections: number;
  seconds: number;
  rounds: number;
  serverPid: number | undefined;
  postmasterPid: number | undefined;
  log: (line: string) => void;
}

export interface Latencies {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  /** CPU milliseconds per request of the server and PostgreSQL, where measured. */
  cpu?: { server: number; postgres: number };
}

export interface BookingTarget {
  name: string;
  value: string;
  met: boolean | undefined;
}

export interface BookingReport {
  latencies: Latencies[];
  targets: BookingTarget[];
  /** What lib/bench/explain.ts needs to explain booking's statements (`--booking` argument). */
  explain?: { patientId: string; providerIds: number[] };
  /** Appointments the seeding really inserted. */
  seeded: number;
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

function summary(name: string, samples: number[], failures: number, cpu?: Latencies['cpu']): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    requests: samples.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    failures,
    cpu,
  };
}

/** GET load over `requests` for `seconds` per round; latencies of all rounds together, with CPU per request. */
async function measureGets(options: BookingOptions, name: string, requests: BenchRequest[]): Promise<Latencies> {
  const samples: number[] = [];
  let failures = 0;
  let server = 0;
  let postgres = 0;
  for (let round = 0; round < options.rounds; round++) {
    const before = cpuMillis(options.serverPid, options.postmasterPid);
    const result = await runLoad({
      baseUrl: options.baseUrl,
      requests,
      connections: options.connections,
      seconds: options.seconds,
      onLatency: (value) => samples.push(value),
    });
    const after = cpuMillis(options.serverPid, options.postmasterPid);
    server += after.server - before.server;
    postgres += after.postgres - before.postgres;
    failures += result.failures;
  }
  const measured = summary(name, samples, failures, {
    server: server / samples.length,
    postgres: postgres / samples.length,
  });
  options.log(
    `  ${name}: p95 ${ms(measured.p95)} ms over ${measured.requests} requests${failures ? `, ${failures} failed` : ''}`,
  );
  return measured;
}

async function warm(options: BookingOptions, name: string, requests: BenchRequest[]): Promise<void> {
  const codes = await sendEach(options.baseUrl, requests);
  const bad = [...codes].filter(([code]) => code !== 200);
  if (bad.length) throw new Error(`${name} answered ${bad.map(([c, n]) => `${n}x HTTP ${c}`).join(', ')}`);
  // As the main rounds' warm-up: every pooled connection past PostgreSQL's generic-plan point.
  await runLoad({ baseUrl: options.baseUrl, requests, connections: options.connections, seconds: 4 });
}

function runChild(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0) resolve(last);
      else reject(new Error(`${args[0]} failed: ${(err || out).trim().split('\n').slice(-5).join('\n')}`));
    });
  });
}

// ---- booking requests ----

interface Booking {
  pair: BookablePair;
  start: string;
}

interface Answer {
  status: number;
  ms: number;
  text: string;
}

export async function book(
  options: BookingOptions,
  patient: BenchPatient,
  booking: Booking,
  visitReasonId: number,
): Promise<Answer> {
  const body = {
    idempotencyKey: crypto.randomUUID(),
    providerId: booking.pair.providerId,
    officeId: booking.pair.officeId,
    slotStart: booking.start,
    visitType: 'inOffice',
    visitReasonId,
    patientType: 'existing',
    notes: 'Benchmark booking.',
    acceptTerms: true,
  };
  const started = performance.now();
  try {
    const response = await fetch(`${options.baseUrl}/v4/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': patient.token },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, ms: performance.now() - started, text };
  } catch (error) {
    // A refused or dropped connection: counted as a failure (status 0), like autocannon's errors.
    return { status: 0, ms: performance.now() - started, text: String(error) };
  }
}

/**
 * Free slots of each pair from the API itself (GET /v4/providers/{id}/slots, the next 7 days),
 * at least two hours ahead so none passes while the bench runs; handed out round-robin over
 * the pairs, so consecutive bookings (a burst) are at different providers.
 */
export async function plannedBookings(
  options: BookingOptions,
  pairs: BookablePair[],
  needed: number,
): Promise<Booking[]> {
  const queues: Booking[][] = [];
  const earliest = Date.now() + 2 * 3_600_000;
  for (const pair of pairs) {
    const response = await fetch(`${options.baseUrl}/v4/providers/${pair.providerId}/slots?officeId=${pair.officeId}`);
    if (!response.ok) throw new Error(`slots of provider ${pair.providerId} answered HTTP ${response.status}`);
    const body = (await response.json()) as {
      days: { morning: { start: string }[]; afternoon: { start: string }[] }[];
    };
    queues.push(
      body.days
        .flatMap((d) => [...d.morning, ...d.afternoon])
        .filter((s) => Date.parse(s.start) >= earliest)
        .map((s) => ({ pair, start: s.start })),
    );
  }
  const plan: Booking[] = [];
  for (let depth = 0; plan.length < needed; depth++) {
    const before = plan.length;
    for (const queue of queues) if (queue[depth] && plan.length < needed) plan.push(queue[depth]!);
    if (plan.length === before) throw new Error(`only ${plan.length} free slots found for ${needed} bookings`);
  }
  return plan;
}

// ---- the four figures ----

/** Provider ids the slots workload asks for, spread over the id range. */
function slotProviderIds(providers: number): number[] {
  const ids = Array.from({ length: 40 }, (_, i) => 1 + Math.floor((i * providers) / 40) + (i % 3));
  return [...new Set(ids.filter((id) => id <= providers))];
}

function slotRequests(ids: number[]): BenchRequest[] {
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  // The provider page's default week, and the booking page's two weeks from tomorrow.
  return ids.map((id, i) => ({
    path: i % 2 ? `/v4/providers/${id}/slots?from=${day(1)}&to=${day(14)}` : `/v4/providers/${id}/slots`,
  }));
}

export async function measureBooking(options: BookingOptions): Promise<BookingReport> {
  const { log } = options;
  const latencies: Latencies[] = [];
  const targets: BookingTarget[] = [];
  const visitReasonId = await firstVisitReasonId(options.databaseUrl);

  // 3. Slots and listing, with none of the bench's appointments, then with them.
  const slotIds = slotProviderIds(options.providers);
  const slots = slotRequests(slotIds);
  const listing = providerListRequests();
  log('Booking 3/4: provider slots and listing with no appointments...');
  await warm(options, 'provider slots', slots);
  await warm(options, 'provider list', listing);
  const slotsNone = await measureGets(options, 'provider slots, no appointments', slots);
  const listNone = await measureGets(options, 'provider list, no appointments', listing);

  log(`  seeding ${options.appointments} appointments at real slot times (3,000 patients)...`);
  await createPatients(options.databaseUrl, Math.min(3000, Math.max(10, Math.ceil(options.appointments / 30))), 'seed');
  const seededAnswer = JSON.parse(
    await runChild([
      'lib/bench/seed-appointments.ts',
      options.databaseUrl,
      String(options.appointments),
      'seed',
      slotIds.join(','),
    ]),
  ) as { inserted: number; seconds: number };
  log(`  seeded ${seededAnswer.inserted} appointments in ${seededAnswer.seconds.toFixed(0)} s (and ANALYZE)`);
  await warm(options, 'provider slots', slots);
  await warm(options, 'provider list', listing);
  const seededLabel =
    seededAnswer.inserted >= 1000 && seededAnswer.inserted % 1000 === 0
      ? `${seededAnswer.inserted / 1000}k`
      : String(seededAnswer.inserted);
  const slotsWith = await measureGets(options, `provider slots, ${seededLabel} appointments`, slots);
  const listWith = await measureGets(options, `provider list, ${seededLabel} appointments`, listing);
  latencies.push(slotsNone, slotsWith, listNone, listWith);
  for (const [name, none, withRows] of [
    ['provider slots', slotsNone, slotsWith],
    ['provider list', listNone, listWith],
  ] as const) {
    const ratio = withRows.p95 / none.p95;
    targets.push({
      name: `${name}: p95 with ${seededLabel} appointments / p95 with none <= 1.5`,
      value: `${ratio.toFixed(2)} (${ms(withRows.p95)} / ${ms(none.p95)} ms)`,
      met:
        ratio <= 1.5 && none.failures === 0 && withRows.failures === 0 && seededAnswer.inserted >= options.appointments,
    });
  }

  const writes = await measureBookingWrites(options, visitReasonId, slotIds);
  latencies.push(...writes.latencies);
  targets.push(...writes.targets);

  // 4. A patient's list with 10 appointments against one with 1,000.
  log('Booking 4/4: a patient list with 10 appointments and one with 1,000...');
  const [few, many] = await createPatients(options.databaseUrl, 2, 'history');
  const fewCount = await seedPatientHistory(options.databaseUrl, few!.id, 10, visitReasonId);
  const manyCount = await seedPatientHistory(options.databaseUrl, many!.id, 1000, visitReasonId);
  const listOf = (patient: BenchPatient): BenchRequest[] =>
    ['upcoming', 'past'].map((tab) => ({
      path: `/v4/appointments?tab=${tab}`,
      headers: { 'x-auth-token': patient.token },
    }));
  await warm(options, 'appointment list (10)', listOf(few!));
  await warm(options, 'appointment list (1,000)', listOf(many!));
  // Short slices alternating the two patients (the same time in all as `rounds` rounds each),
  // so a change in the shared machine's load hits both alike.
  const slices = Math.max(4, options.rounds * 2);
  const perSlice = { ...options, seconds: Math.max(1, Math.round((options.seconds * options.rounds) / slices)) };
  const fewRuns: Latencies[] = [];
  const manyRuns: Latencies[] = [];
  const fewSamples: number[] = [];
  const manySamples: number[] = [];
  for (let slice = 0; slice < slices; slice++) {
    fewRuns.push(
      await measureCollect(perSlice, `appointment list, ${fewCount} appointments`, listOf(few!), fewSamples),
    );
    manyRuns.push(
      await measureCollect(perSlice, `appointment list, ${manyCount} appointments`, listOf(many!), manySamples),
    );
  }
  const fewLatency = merged(`appointment list (upcoming, past), ${fewCount} appointments`, fewRuns, fewSamples);
  const manyLatency = merged(`appointment list (upcoming, past), ${manyCount} appointments`, manyRuns, manySamples);
  latencies.push(fewLatency, manyLatency);
  const listRatio = manyLatency.p95 / fewLatency.p95;
  targets.push({
    name: `appointment list: p95 with ${manyCount} appointments / p95 with ${fewCount} <= 1.5`,
    value: `${listRatio.toFixed(2)} (${ms(manyLatency.p95)} / ${ms(fewLatency.p95)} ms)`,
    met:
      listRatio <= 1.5 &&
      fewLatency.failures === 0 &&
      manyLatency.failures === 0 &&
      fewCount === 10 &&
      manyCount === 1000,
  });

  return {
    latencies,
    targets,
    explain: { patientId: many!.id, providerIds: slotIds.slice(0, 3) },
    seeded: seededAnswer.inserted,
  };
}

/**
 * Figures 2 and 1, the ones that book: a lone booking against 20 at once, then the same-slot
 * races. Exported on its own so a profile of booking can run just this part
 * (lib/bench/booking-profile.ts) on a small database.
 */
export async function measureBookingWrites(
  options: BookingOptions,
  visitReasonId: number,
  skipProviders: readonly number[],
): Promise<{ latencies: Latencies[]; targets: BookingTarget[] }> {
  const { log } = options;
  const latencies: Latencies[] = [];
  const targets: BookingTarget[] = [];
  // 2. A lone booking against 20 at once, in alternating blocks so drift in the machine's load hits both.
  const BLOCKS = 4;
  const LONE = 10;
  const BURSTS = 2;
  const BURST = 20;
  const WARM = 10;
  const RACES = 3;
  const RACERS = 50;
  const needed = WARM + BLOCKS * (LONE + BURSTS * BURST) + RACES;
  log(`Booking 2/4: ${BLOCKS} blocks of ${LONE} lone bookings and ${BURSTS} bursts of ${BURST} at once...`);
  const pairs = await bookablePairs(
    options.databaseUrl,
    Math.min(300, Math.max(BURST + RACES, Math.ceil(needed / 3))),
    skipProviders,
  );
  const plan = await plannedBookings(options, pairs, needed);
  const patients = await createPatients(options.databaseUrl, needed - RACES + RACES * RACERS, 'book');
  let nextPatient = 0;
  let nextBooking = 0;
  const take = () => ({ patient: patients[nextPatient++]!, booking: plan[nextBooking++]! });
  for (let i = 0; i < WARM; i++) {
    const { patient, booking } = take();
    await book(options, patient, booking, visitReasonId);
  }
  const lone: Answer[] = [];
  const together: Answer[] = [];
  let togetherMs = 0;
  // CPU of the server and PostgreSQL during each kind of block: on a machine with few cores,
  // 20 bookings at once cannot finish sooner than 20 bookings' CPU spread over those cores.
  const loneCpu = { server: 0, postgres: 0 };
  const togetherCpu = { server: 0, postgres: 0 };
  const addCpu = (sum: { server: number; postgres: number }, before: { server: number; postgres: number }) => {
    const after = cpuMillis(options.serverPid, options.postmasterPid);
    sum.server += after.server - before.server;
    sum.postgres += after.postgres - before.postgres;
  };
  for (let block = 0; block < BLOCKS; block++) {
    const loneStart = cpuMillis(options.serverPid, options.postmasterPid);
    for (let i = 0; i < LONE; i++) {
      const { patient, booking } = take();
      lone.push(await book(options, patient, booking, visitReasonId));
    }
    addCpu(loneCpu, loneStart);
    for (let burst = 0; burst < BURSTS; burst++) {
      const jobs = Array.from({ length: BURST }, take);
      const burstStart = cpuMillis(options.serverPid, options.postmasterPid);
      const burstStartMs = performance.now();
      together.push(
        ...(await Promise.all(jobs.map(({ patient, booking }) => book(options, patient, booking, visitReasonId)))),
      );
      togetherMs += performance.now() - burstStartMs;
      addCpu(togetherCpu, burstStart);
    }
  }
  const failed = (answers: Answer[]) => answers.filter((a) => a.status !== 201);
  const statusList = (answers: Answer[]) => {
    const counts = new Map<number, number>();
    for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    return [...counts].map(([status, n]) => `${n}x ${status || 'no answer'}`).join(', ');
  };
  const perBooking = (sum: { server: number; postgres: number }, n: number) => ({
    server: sum.server / n,
    postgres: sum.postgres / n,
  });
  const loneLatency = summary(
    'booking, one at a time',
    lone.map((a) => a.ms),
    failed(lone).length,
    perBooking(loneCpu, lone.length),
  );
  const togetherLatency = summary(
    `booking, ${BURST} at once`,
    together.map((a) => a.ms),
    failed(together).length,
    perBooking(togetherCpu, together.length),
  );
  latencies.push(loneLatency, togetherLatency);
  log(`  lone p95 ${ms(loneLatency.p95)} ms, ${BURST} at once p95 ${ms(togetherLatency.p95)} ms`);
  const bookingFailures = [...failed(lone), ...failed(together)];
  // On 2 cores, 20 bookings at once against a lone one measures the cores, not the code: what is
  // kept from growing is the CPU a booking costs (server and PostgreSQL) and the rate 20 at once
  // reach, each against the baseline in lib/bench/baseline.json.
  const cpuPerBooking = togetherLatency.cpu!.server + togetherLatency.cpu!.postgres;
  const perSecond = (together.length * 1000) / togetherMs;
  const base = bookingBaseline();
  const notBooked = bookingFailures.length
    ? `; not booked: ${statusList(bookingFailures)} (${bookingFailures[0]!.text.slice(0, 120)})`
    : '';
  const noBaseline = 'no baseline recorded yet: put these figures of a quiet run in lib/bench/baseline.json';
  targets.push({
    name: `booking at ${BURST} at once: CPU per booking <= ${GROWTH} x baseline (${base.cpuMsPerBooking === null ? 'none yet' : `${ms(base.cpuMsPerBooking)} ms`})`,
    value:
      `${ms(cpuPerBooking)} ms (${ms(togetherLatency.cpu!.server)} ms server + ${ms(togetherLatency.cpu!.postgres)} ms PostgreSQL; ` +
      `a lone booking: ${ms(loneLatency.cpu!.server + loneLatency.cpu!.postgres)} ms)${notBooked}`,
    met:
      base.cpuMsPerBooking === null
        ? undefined
        : cpuPerBooking <= GROWTH * base.cpuMsPerBooking && bookingFailures.length === 0,
  });
  targets.push({
    name: `booking at ${BURST} at once: bookings per second >= baseline (${base.bookingsPerSecond === null ? 'none yet' : base.bookingsPerSecond.toFixed(1)}) / ${GROWTH}`,
    value:
      `${perSecond.toFixed(1)} per second (p95 ${ms(togetherLatency.p95)} ms; a lone booking's p95 ${ms(loneLatency.p95)} ms)` +
      (base.bookingsPerSecond === null ? `; ${noBaseline}` : ''),
    met:
      base.bookingsPerSecond === null
        ? undefined
        : perSecond >= base.bookingsPerSecond / GROWTH && bookingFailures.length === 0,
  });

  // 1. The same-slot race, on slots no one else asked for.
  log(`Booking 1/4: ${RACES} races of ${RACERS} patients for the same slot...`);
  const raceLines: string[] = [];
  let raceMet = true;
  for (let race = 0; race < RACES; race++) {
    const booking = plan[nextBooking++]!;
    const racers = patients.slice(nextPatient, nextPatient + RACERS);
    nextPatient += RACERS;
    const answers = await Promise.all(racers.map((patient) => book(options, patient, booking, visitReasonId)));
    const created = answers.filter((a) => a.status === 201).length;
    const conflicts = answers.filter((a) => {
      if (a.status !== 409) return false;
      try {
        const body = apiErrorSchema.safeParse(JSON.parse(a.text));
        return body.success && body.data.errorCode === 'slotTaken' && body.data.message.length > 0;
      } catch {
        return false;
      }
    }).length;
    const serverErrors = answers.filter((a) => a.status >= 500 || a.status === 0).length;
    const rows = await liveAppointmentsAt(options.databaseUrl, booking.pair.providerId, booking.start);
    const ok = created === 1 && conflicts === RACERS - 1 && serverErrors === 0 && rows === 1;
    raceMet &&= ok;
    raceLines.push(
      `${created}x 201, ${conflicts}x 409 slotTaken, ${serverErrors}x 5xx, ${rows} row${ok ? '' : ` [${statusList(answers)}]`}`,
    );
    log(`  race ${race + 1}: ${raceLines[race]}`);
  }
  targets.push({
    name: `same slot: ${RACERS} patients at once -> one appointment, the rest 409 in the error shape, no 5xx`,
    value: raceLines.join('; '),
    met: raceMet,
  });

  return { latencies, targets };
}

/** One measureGets round whose latencies also go to `samples` (for a p95 over alternating rounds). */
async function measureCollect(
  options: BookingOptions,
  name: string,
  requests: BenchRequest[],
  samples: number[],
): Promise<Latencies> {
  const before = cpuMillis(options.serverPid, options.postmasterPid);
  const result = await runLoad({
    baseUrl: options.baseUrl,
    requests,
    connections: options.connections,
    seconds: options.seconds,
    onLatency: (value) => samples.push(value),
  });
  const after = cpuMillis(options.serverPid, options.postmasterPid);
  options.log(
    `  ${name}: p95 ${ms(result.p95)} ms over ${result.requests} requests${result.failures ? `, ${result.failures} failed` : ''}`,
  );
  return {
    name,
    requests: result.requests,
    p50: result.p50,
    p95: result.p95,
    p99: result.p99,
    failures: result.failures,
    cpu: { server: after.server - before.server, postgres: after.postgres - before.postgres },
  };
}

function merged(name: string, runs: Latencies[], samples: number[]): Latencies {
  const requests = runs.reduce((s, r) => s + r.requests, 0);
  const cpu = runs.reduce((s, r) => ({ server: s.server + r.cpu!.server, postgres: s.postgres + r.cpu!.postgres }), {
    server: 0,
    postgres: 0,
  });
  return summary(
    name,
    samples,
    runs.reduce((s, r) => s + r.failures, 0),
    { server: cpu.server / requests, postgres: cpu.postgres / requests },
  );
}

/**
 * Booking's write figures alone (20 bookings at once against a lone one, and the same-slot
 * races; lib/bench/booking.ts measureBookingWrites), on the bench's PostgreSQL and production
 * build, in about a minute instead of the whole `npm run bench`: for finding where a booking's
 * CPU goes.
 *
 *   npx tsx lib/bench/booking-profile.ts [--providers 1000] [--cpu-prof] [--no-build]
 *
 * --cpu-prof starts the server with `node --cpu-prof`: the profile of the server process
 * (serve.mjs) is written to .bench/profiles/ when it stops, for Chrome DevTools or
 * `npx tsx lib/bench/profile-summary.ts <file> --window <the printed window>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { measureBookingWrites } from './booking';
import { firstVisitReasonId, removeBenchRows } from './booking-data';
import { postmasterPid } from './cpu';
import { ensureSeeded, startPostgres } from './databases';
import { ensureBuild, freePort, startServer } from './server';

const args = process.argv.slice(2);
const providers = Number(args[args.indexOf('--providers') + 1] ?? 0) || 1000;
const cpuProf = args.includes('--cpu-prof');
const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

async function main() {
  await ensureBuild({ force: false, skipCheck: args.includes('--no-build') }, log);
  const postgres = startPostgres(log);
  const name = `bench_${providers >= 1000 && providers % 1000 === 0 ? `${providers / 1000}k` : providers}`;
  await ensureSeeded(postgres, name, providers, log);
  const url = postgres.urlOf(name);
  await removeBenchRows(url);
  const profiles = path.resolve('.bench/profiles');
  if (cpuProf) fs.mkdirSync(profiles, { recursive: true });
  // Node refuses --cpu-prof in NODE_OPTIONS, so the launcher hands it to serve.mjs as an argument.
  const server = await startServer(
    url,
    await freePort(3490),
    'booking-profile',
    cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [],
  );
  try {
    // Monotonic microseconds, the clock of the profile's timestamps: the booking part's window.
    const from = process.hrtime.bigint() / 1000n;
    const result = await measureBookingWrites(
      {
        baseUrl: server.baseUrl,
        databaseUrl: url,
        providers,
        appointments: 0,
        connections: 10,
        seconds: 1,
        rounds: 1,
        serverPid: server.pid,
        postmasterPid: postmasterPid(postgres.dataDir),
        log,
      },
      await firstVisitReasonId(url),
      [],
    );
    const to = process.hrtime.bigint() / 1000n;
    if (cpuProf) log(`Bookings ran in the profile window --window ${from}-${to}`);
    for (const l of result.latencies) {
      log(
        `${l.name}: ${l.requests} requests, p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms, ` +
          `CPU per booking ${l.cpu?.server.toFixed(2)} ms server + ${l.cpu?.postgres.toFixed(2)} ms PostgreSQL, ${l.failures} failed`,
      );
    }
    for (const t of result.targets) log(`${t.met ? 'met' : 'NOT MET'}: ${t.name} - ${t.value}`);
  } finally {
    await server.stop();
    await removeBenchRows(url);
    postgres.stop();
  }
  if (cpuProf) log(`Profiles in ${path.relative(process.cwd(), profiles)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

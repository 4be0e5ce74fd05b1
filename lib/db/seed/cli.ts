/**
 * `npm run seed -- --providers 100000 [--database-url postgres://...] [--data-dir ./.data]`
 *
 * Migrates the database, makes sure the reference data is there, then replaces the generated
 * providers, offices and reviews with a fresh set of the given size (favourites go with them)
 * and refreshes the planner statistics. Used for demos of other sizes and for benchmarks.
 * PGlite is one process's database: stop the server that uses DATA_DIR first.
 */
import { runUnderReactServer } from '../../scripts/react-server-condition';

// The database modules below are imported after this, under the condition 'server-only' needs.
runUnderReactServer(import.meta.url);

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('Usage: npm run seed -- [--providers N] [--database-url postgres://...] [--data-dir DIR]');
  process.exit(2);
}

function parseArgs(argv: string[]) {
  const options: { providers?: number; databaseUrl?: string; dataDir?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? usage(`${flag} needs a value`);
    if (flag === '--providers') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0 || n > 1_000_000) usage('--providers must be a whole number from 0 to 1000000');
      options.providers = n;
    } else if (flag === '--database-url') options.databaseUrl = value();
    else if (flag === '--data-dir') options.dataDir = value();
    else if (flag === '--help' || flag === '-h') usage();
    else usage(`Unknown option ${flag}`);
  }
  return options;
}

const args = parseArgs(process.argv.slice(2));
const { parseServerEnv } = await import('../../config/server-env');
const env = parseServerEnv();
const databaseUrl = args.databaseUrl ?? env.DATABASE_URL;
const providers = args.providers ?? env.SEED_PROVIDERS;
const { openDatabase } = await import('../client');
const { seedDatabase, seedOfficeApiKeys } = await import('./seed');
const { clearDiscovery, seedDiscovery } = await import('./discovery');
const { seedAroundTheClock } = await import('./around-the-clock');
const { sql } = await import('drizzle-orm');

const started = performance.now();
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
let handle: Awaited<ReturnType<typeof openDatabase>>;
try {
  handle = await openDatabase({
    databaseUrl,
    dataDir: databaseUrl ? undefined : (args.dataDir ?? env.dataDir),
    seed: false,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { db } = handle;
console.log(
  `Seeding ${providers} providers into ${databaseUrl ? 'PostgreSQL' : `PGlite (${args.dataDir ?? env.dataDir})`}`,
);
await seedDatabase(db, { seedProviders: 0 });
const generating = performance.now();
const result = await db.transaction(async (tx) => {
  await clearDiscovery(tx as unknown as typeof db);
  const generated = await seedDiscovery(tx as unknown as typeof db, { providers, log: (line) => console.log(line) });
  if (providers > 0) await seedAroundTheClock(tx as unknown as typeof db);
  return generated;
});
console.log(
  `  ${result.providers} providers, ${result.offices} offices, ${result.reviews} reviews in ${seconds(generating)} s`,
);
if (providers > 0) console.log('  and the two around-the-clock teledental practices (README "Demo data")');
// The old offices took their demo API keys with them; the new first offices get theirs.
await seedOfficeApiKeys(db);
const analyzing = performance.now();
await db.execute(sql`analyze`);
console.log(`  statistics refreshed in ${seconds(analyzing)} s`);
await handle.close();
console.log(`Done in ${seconds(started)} s`);

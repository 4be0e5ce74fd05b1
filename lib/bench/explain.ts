/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements the services really send, not of copies of
 * them: the services run against a database handle that, for every statement, runs it once
 * (warming the cache as traffic would), then explains it with the same parameters. Run by
 * lib/bench/run.ts as a child process:
 *
 *   tsx lib/bench/explain.ts <database-url> <plans-file> [--booking <patient-id>:<provider-ids>]
 *
 * With --booking (the bench's booked appointments are in the database then), booking's reads
 * too: provider slots (the busy-interval statement, findBusyIntervals) of those providers, and
 * the patient's appointment list, upcoming and past; appointments then counts as a big table.
 * Writes every plan to <plans-file> and prints a JSON summary as its last line.
 */
import fs from 'node:fs';
import { runUnderReactServer } from '../scripts/react-server-condition';

// The services import 'server-only': run under the react-server condition, as Next's server does.
runUnderReactServer(import.meta.url);

const [databaseUrl, plansFile, bookingFlag, bookingArg] = process.argv.slice(2);
const bookingMatch = bookingFlag === '--booking' ? /^([0-9a-f-]{36}):([\d,]+)$/.exec(bookingArg ?? '') : null;
if (!databaseUrl || !plansFile || (bookingFlag !== undefined && !bookingMatch)) {
  console.error('Usage: tsx lib/bench/explain.ts <database-url> <plans-file> [--booking <patient-id>:<provider-ids>]');
  process.exit(2);
}

const { default: pg } = await import('pg');
const { drizzle } = await import('drizzle-orm/node-postgres');
const { PgDialect } = await import('drizzle-orm/pg-core');
const { setDbForTesting } = await import('../db/client');
const { providerListQuerySchema } = await import('../contracts/providers');
const { listProviders } = await import('../backend/search/listings-service');
const { globalSearch } = await import('../backend/search/search-service');
const { BENCH_PLACES } = await import('./workload');
const { slotsQuerySchema } = await import('../contracts/providers');
const { appointmentListQuerySchema } = await import('../contracts/appointments');
const { providerSlots } = await import('../backend/providers/slots-service');
const { listAppointments } = await import('../backend/appointments/appointments-service');
type Db = import('../db/client').Db;
type SQL = import('drizzle-orm').SQL;

// The same connection options as the app's pool (lib/db/client.ts).
const { appPoolOptions } = await import('../db/pool-options');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, ...appPoolOptions });
const db = drizzle(pool) as unknown as Db;
const dialect = new PgDialect();

/** Tables whose sequential scan would grow with the number of providers. */
const BIG_TABLES = new Set([
  'providers',
  'offices',
  'provider_offices',
  'provider_listings',
  'provider_specialties',
  'provider_visit_reasons',
  'provider_insurance_plans',
  'office_services',
  'reviews',
  'favorites',
  // Only with --booking: without the bench's appointments the table is (nearly) empty, and a
  // sequential scan of an empty table is the right plan.
  ...(bookingMatch ? ['appointments'] : []),
]);

interface Explained {
  request: string;
  sql: string;
  params: unknown[];
  plan: string;
  executionMs: number;
  planningMs: number;
  indexScans: string[];
  seqScans: string[];
}
const explained: Explained[] = [];
let currentRequest = '';

async function explainOne(text: string, params: unknown[]) {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params);
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
  const scans = [
    ...plan.matchAll(
      /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan|Parallel Seq Scan)(?: Backward)?(?: using (\S+))? on (\S+)/g,
    ),
  ];
  explained.push({
    request: currentRequest,
    sql: text,
    params,
    plan,
    executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? Number.NaN),
    planningMs: Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1] ?? Number.NaN),
    indexScans: scans.filter((m) => !m[1]!.includes('Seq')).map((m) => m[2] ?? m[3]!),
    seqScans: scans.filter((m) => m[1]!.includes('Seq')).map((m) => m[3]!),
  });
}

type Session = {
  prepareQuery(query: { sql: string; params: unknown[] }, ...rest: unknown[]): { execute(): Promise<unknown> };
};

// Statements go out through db.execute, or as named prepared statements through the session
// (lib/db/raw.ts): both are run as they are, then explained with the same parameters.
const recording = new Proxy(db, {
  get(target, property, receiver) {
    if (property === 'session') {
      const session = Reflect.get(target, property, receiver) as Session;
      return new Proxy(session, {
        get(s, p, r) {
          if (p !== 'prepareQuery') return Reflect.get(s, p, r);
          return (query: { sql: string; params: unknown[] }, ...rest: unknown[]) => {
            const prepared = s.prepareQuery(query, ...rest);
            return {
              execute: async () => {
                const result = await prepared.execute();
                await explainOne(query.sql, query.params);
                return result;
              },
            };
          };
        },
      });
    }
    if (property !== 'execute') return Reflect.get(target, property, receiver);
    return async (query: SQL) => {
      const result = await target.execute(query);
      const compiled = dialect.sqlToQuery(query);
      await explainOne(compiled.sql, compiled.params);
      return result;
    };
  },
});
setDbForTesting({ db: recording, close: () => pool.end() });

const [manhattan, , , losAngeles, , chicago, , miami, , , , , , mexicoCity] = BENCH_PLACES;
type Place = { lat: number; lng: number; name: string };
const list = (place: Place, filters: Record<string, string>) => ({
  label: `GET /v4/providers ${new URLSearchParams(filters)} near ${place.name}`,
  run: () =>
    listProviders(providerListQuerySchema.parse({ lat: String(place.lat), lng: String(place.lng), ...filters }), 'en'),
});
const search = (text: string, place: Place) => ({
  label: `GET /v4/globalSearch searchText=${JSON.stringify(text)} near ${place.name}`,
  run: () => globalSearch({ searchText: text, center: { lat: place.lat, lng: place.lng } }, 'en'),
});

const requests: { label: string; run: () => Promise<unknown> }[] = [
  list(manhattan!, {}),
  list(manhattan!, { specialty: 'endodontist', plan: '5' }),
  list(manhattan!, { specialty: 'orthodontist', acceptsNewPatients: 'true' }),
  list(losAngeles!, { visitReason: 'root-canal', carrier: '10' }),
  list(chicago!, { language: 'zh', visitReason: 'toothache' }),
  list(miami!, { visitType: 'virtual', sort: 'feeAsc' }),
  list(manhattan!, { visitReason: 'dental-cleaning', sort: 'availability' }),
  search('Smith', manhattan!),
  search('maria rodriguez', losAngeles!),
  search('rodrigz', miami!),
  search('root canal', chicago!),
  search('clinica dental', mexicoCity!),
  // Common words and short prefixes: the most matches to rank.
  search('smi', manhattan!),
  search('Li', chicago!),
  search('family dentistry', losAngeles!),
  search('Midtown Dental', manhattan!),
];
if (bookingMatch) {
  const patientId = bookingMatch[1]!;
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  for (const id of bookingMatch[2]!.split(',').map(Number)) {
    requests.push({
      label: `GET /v4/providers/${id}/slots from=${day(1)}&to=${day(14)} (booked appointments)`,
      run: () => providerSlots(id, slotsQuerySchema.parse({ from: day(1), to: day(14) })),
    });
  }
  for (const tab of ['upcoming', 'past']) {
    requests.push({
      label: `GET /v4/appointments?tab=${tab} (patient with 1,000 appointments)`,
      run: () =>
        listAppointments({ sessionId: 'bench', userId: patientId }, appointmentListQuerySchema.parse({ tab }), 'en'),
    });
  }
}

const summary: {
  request: string;
  statements: number;
  dbMs: number;
  indexScans: string[];
  seqScansOnBigTables: string[];
}[] = [];
for (const request of requests) {
  currentRequest = request.label;
  const before = explained.length;
  await request.run();
  const mine = explained.slice(before);
  summary.push({
    request: request.label,
    statements: mine.length,
    dbMs: mine.reduce((sum, e) => sum + (e.executionMs || 0) + (e.planningMs || 0), 0),
    // Catalog lookups (pg_*) left out.
    indexScans: [...new Set(mine.flatMap((e) => e.indexScans))].filter((name) => !name.startsWith('pg_')),
    seqScansOnBigTables: [...new Set(mine.flatMap((e) => e.seqScans.filter((t) => BIG_TABLES.has(t))))],
  });
}

const text = explained
  .map(
    (e, i) =>
      `-- [${i + 1}] ${e.request}\n-- execution ${e.executionMs} ms, planning ${e.planningMs} ms\n${e.sql}\n-- params: ${JSON.stringify(e.params)}\n${e.plan}\n`,
  )
  .join('\n');
fs.writeFileSync(plansFile, `EXPLAIN (ANALYZE, BUFFERS) of the statements behind each benchmark request\n\n${text}`);
await pool.end();
console.log(JSON.stringify(summary));

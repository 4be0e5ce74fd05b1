/**
 * Books `count` appointments straight into a bench database, at real slot times: each one a
 * slot the provider offers at that office (its hours, their working days, the office's time
 * zone, with the app's own slot rules from lib/backend/scheduling/slots.ts) within the next
 * three weeks; 1 in 10 canceled, the rest scheduled. Providers are drawn at random, so the
 * appointments spread over all of them, except that each of the `busy` providers (the ones the
 * bench asks slots of) gets ten. Patients are the bench patients whose email starts with
 * `<tag>.`. A slot clash (the provider or the patient already booked then) is skipped by the
 * table's own exclusion constraints (ON CONFLICT DO NOTHING) and made up by another draw.
 * Run by lib/bench/booking.ts as a child process:
 *
 *   tsx lib/bench/seed-appointments.ts <database-url> <count> <patient-tag> [busy-provider-ids]
 *
 * Prints a JSON summary as its last line.
 */
import { runUnderReactServer } from '../scripts/react-server-condition';

// slots.ts imports 'server-only': run under the react-server condition, as Next's server does.
runUnderReactServer(import.meta.url);

const [databaseUrl, countArg, tag, busyArg] = process.argv.slice(2);
const count = Number(countArg);
if (!databaseUrl || !Number.isInteger(count) || count < 0 || !tag) {
  console.error('Usage: tsx lib/bench/seed-appointments.ts <database-url> <count> <patient-tag> [busy-provider-ids]');
  process.exit(2);
}

const { default: pg } = await import('pg');
const { addDays, slotsOnDay, todayIn } = await import('../backend/scheduling/slots');
const { BENCH_EMAIL_DOMAIN } = await import('./booking-data');
type BusinessHours = import('../contracts/discovery').BusinessHours;

const started = performance.now();
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();

const { rows: pairs } = await client.query<{
  provider_id: number;
  office_id: number;
  working_days: number[];
  time_zone: string;
  business_hours: BusinessHours[];
}>(
  `select distinct on (po.provider_id) po.provider_id, po.office_id, po.working_days, o.time_zone, o.business_hours
     from provider_offices po join offices o on o.id = po.office_id
    order by po.provider_id, po.office_id`,
);
const { rows: patients } = await client.query<{ id: string }>(
  `select id from patient_app_users where email like $1 order by email`,
  [`${tag}.%@${BENCH_EMAIL_DOMAIN}`],
);
const { rows: reasons } = await client.query<{ id: number }>('select id from visit_reasons order by id');
if (!pairs.length || !patients.length || !reasons.length)
  throw new Error('no providers, bench patients or visit reasons');
const byProvider = new Map(pairs.map((p) => [p.provider_id, p]));
const busy = (busyArg ?? '')
  .split(',')
  .filter(Boolean)
  .map((id) => byProvider.get(Number(id)))
  .filter((p) => p !== undefined);

// Deterministic draws (mulberry32), so every run books the same spread.
let state = 12;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const now = new Date();
const DAYS = 21;

interface Row {
  provider: number;
  office: number;
  zone: string;
  start: string;
  end: string;
}

/** A real slot of the pair on the `day`-th day from today (office-local), or undefined on a day off. */
function slotOf(pair: (typeof pairs)[number], day: number): Row | undefined {
  const date = addDays(todayIn(pair.time_zone, now), day);
  const slots = slotsOnDay(
    { timeZone: pair.time_zone, businessHours: pair.business_hours, workingDays: pair.working_days },
    date,
    now,
  );
  if (!slots.length) return undefined;
  const slot = pick(slots);
  return { provider: pair.provider_id, office: pair.office_id, zone: pair.time_zone, start: slot.start, end: slot.end };
}

function draw(): Row {
  for (;;) {
    const row = slotOf(pick(pairs), Math.floor(random() * DAYS));
    if (row) return row;
  }
}

async function insert(rows: Row[]): Promise<number> {
  const canceled = rows.map(() => random() < 0.1);
  const result = await client.query(
    `insert into appointments (patient_user_id, provider_id, office_id, starts_at, ends_at, time_zone, visit_type,
                               visit_reason_id, patient_type, notes, status, language, idempotency_key, request_hash,
                               canceled_at, canceled_by, cancel_reason, refund_status, refund_amount_cents)
     select u, p, o, s, e, z, 'inOffice', r, 'existing', 'Bench appointment', case when c then 'canceled' else 'scheduled' end,
            'en', gen_random_uuid(), 'bench',
            case when c then now() end, case when c then 'patient' end, case when c then 'patient' end,
            case when c then 'notApplicable' end, case when c then 0 end
       from unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[], $5::timestamptz[], $6::text[], $7::int[], $8::boolean[])
            as t(u, p, o, s, e, z, r, c)
     on conflict do nothing`,
    [
      rows.map(() => pick(patients).id),
      rows.map((r) => r.provider),
      rows.map((r) => r.office),
      rows.map((r) => r.start),
      rows.map((r) => r.end),
      rows.map((r) => r.zone),
      rows.map(() => pick(reasons).id),
      canceled,
    ],
  );
  return result.rowCount ?? 0;
}

let inserted = 0;
// The busy providers first: one slot on each of their first ten working days.
const first: Row[] = [];
for (const pair of busy) {
  let taken = 0;
  for (let day = 0; day < DAYS && taken < 10; day++) {
    const row = slotOf(pair, day);
    if (row) {
      first.push(row);
      taken++;
    }
  }
}
if (first.length) inserted += await insert(first.slice(0, count));
let batches = 0;
while (inserted < count && batches < 1000) {
  const rows = Array.from({ length: Math.min(5000, count - inserted) }, draw);
  inserted += await insert(rows);
  batches++;
}
await client.query('analyze appointments');
await client.end();
console.log(JSON.stringify({ inserted, seconds: (performance.now() - started) / 1000 }));

/**
 * The rows the booking part of `npm run bench` writes straight into a bench database
 * ("Speed and load"): patients with live sessions, and a patient's appointment history. All of
 * them belong to patients whose email ends in BENCH_EMAIL_DOMAIN, so removeBenchRows() finds
 * and deletes every one of them, also after a run that was interrupted half-way.
 */
import crypto from 'node:crypto';
import pg from 'pg';

/** A reserved top-level domain (RFC 2606): no real patient has it, no mail can go there. */
export const BENCH_EMAIL_DOMAIN = 'bench.invalid';

export interface BenchPatient {
  id: string;
  /** The session token, sent as x-auth-token. */
  token: string;
}

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The same hash of a token as lib/security/password.ts (sessions store only that). */
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');

/**
 * `count` patients with a live session each, inserted directly (sign-up and login through the
 * API would measure password hashing and their throttles, not booking). `tag` keeps the emails
 * of one batch apart from another's.
 */
export async function createPatients(url: string, count: number, tag: string): Promise<BenchPatient[]> {
  const patients: BenchPatient[] = [];
  await withClient(url, async (client) => {
    for (let offset = 0; offset < count; offset += 2000) {
      const n = Math.min(2000, count - offset);
      const emails = Array.from(
        { length: n },
        (_, i) => `${tag}.${offset + i}.${crypto.randomUUID().slice(0, 8)}@${BENCH_EMAIL_DOMAIN}`,
      );
      const { rows } = await client.query<{ id: string }>(
        `insert into patient_app_users (email, password_hash, first_name, last_name, phone_country, phone_number, gender,
                                        date_of_birth, street_address, city, state, zip, country)
         select e, 'bench: no password', 'Bench', 'Patient ' || ord, 'US', '2125550123', 'female',
                '1990-05-17', '1 Main St', 'New York', 'NY', '10001', 'US'
           from unnest($1::text[]) with ordinality as t(e, ord)
         returning id`,
        [emails],
      );
      const tokens = rows.map(() => crypto.randomBytes(32).toString('base64url'));
      await client.query('insert into sessions (user_id, token_hash) select * from unnest($1::uuid[], $2::text[])', [
        rows.map((r) => r.id),
        tokens.map(sha256),
      ]);
      rows.forEach((r, i) => patients.push({ id: r.id, token: tokens[i]! }));
    }
  });
  return patients;
}

export interface BookablePair {
  providerId: number;
  officeId: number;
}

/**
 * `count` providers, each at one of their offices, spread over the whole id range (one office
 * per provider, so two bookings on different pairs never compete for the same provider's time).
 */
export async function bookablePairs(
  url: string,
  count: number,
  skipProviders: readonly number[] = [],
): Promise<BookablePair[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ provider_id: number; office_id: number }>(
      `select distinct on (po.provider_id) po.provider_id, po.office_id
         from provider_offices po join offices o on o.id = po.office_id
        where cardinality(po.working_days) >= 3 and jsonb_array_length(o.business_hours) >= 3
          and po.provider_id <> all($1::int[])
        order by po.provider_id, po.office_id`,
      [skipProviders],
    );
    // Every n-th, so the pairs cover small and large ids alike.
    const step = Math.max(1, Math.floor(rows.length / count));
    return rows
      .filter((_, i) => i % step === 0)
      .slice(0, count)
      .map((r) => ({ providerId: r.provider_id, officeId: r.office_id }));
  });
}

export async function firstVisitReasonId(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ id: number }>('select id from visit_reasons order by id limit 1');
    if (!rows[0]) throw new Error('no visit reasons in the database');
    return rows[0].id;
  });
}

/**
 * Live appointments of a provider at an instant (what the same-slot race must leave at one):
 * scheduled or confirmed, or a payment hold that has not expired. An expired hold is released
 * (the slot is offered again), so it is not a second booking of the slot.
 */
export async function liveAppointmentsAt(url: string, providerId: number, start: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from appointments
        where provider_id = $1 and starts_at = $2
          and (status in ('scheduled', 'confirmed') or (status = 'pendingPayment' and hold_expires_at > now()))`,
      [providerId, start],
    );
    return rows[0]!.n;
  });
}

/**
 * A patient's history of `count` appointments: half past (completed, hourly back from a day
 * ago), half upcoming (scheduled, hourly from 60 days ahead, beyond every slot window the bench
 * measures, so they take no slot it looks at). One provider per appointment, cycling through
 * the providers; a clash with another appointment of that provider is skipped and made up.
 */
export async function seedPatientHistory(
  url: string,
  patientId: string,
  count: number,
  visitReasonId: number,
): Promise<number> {
  return withClient(url, async (client) => {
    const { rows: pairs } = await client.query<{ provider_id: number; office_id: number; time_zone: string }>(
      `select distinct on (po.provider_id) po.provider_id, po.office_id, o.time_zone
         from provider_offices po join offices o on o.id = po.office_id
        order by po.provider_id, po.office_id`,
    );
    const HOUR = 3_600_000;
    const base = Math.floor(Date.now() / HOUR) * HOUR;
    let inserted = 0;
    for (let attempt = 0; inserted < count && attempt < 5; attempt++) {
      const n = count - inserted;
      const starts: string[] = [];
      const statuses: string[] = [];
      const providers: number[] = [];
      const offices: number[] = [];
      const zones: string[] = [];
      for (let i = 0; i < n; i++) {
        const k = inserted + i + attempt * count; // a fresh hour on every attempt
        const past = k % 2 === 0;
        const hours = Math.floor(k / 2) + 1;
        starts.push(
          new Date(past ? base - 24 * HOUR - hours * HOUR : base + 60 * 24 * HOUR + hours * HOUR).toISOString(),
        );
        statuses.push(past ? 'completed' : 'scheduled');
        const pair = pairs[(k * 7919) % pairs.length]!;
        providers.push(pair.provider_id);
        offices.push(pair.office_id);
        zones.push(pair.time_zone);
      }
      const result = await client.query(
        `insert into appointments (patient_user_id, provider_id, office_id, starts_at, ends_at, time_zone, visit_type,
                                   visit_reason_id, patient_type, notes, status, language, idempotency_key, request_hash)
         select $1, p, o, s, s + interval '60 minutes', z, 'inOffice', $2, 'existing', 'Bench history', st, 'en',
                gen_random_uuid(), 'bench'
           from unnest($3::int[], $4::int[], $5::timestamptz[], $6::text[], $7::text[]) as t(p, o, s, z, st)
         on conflict do nothing`,
        [patientId, visitReasonId, providers, offices, starts, zones, statuses],
      );
      inserted += result.rowCount ?? 0;
    }
    return inserted;
  });
}

/** How many appointments bench patients hold. */
export async function countBenchAppointments(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from appointments a join patient_app_users u on u.id = a.patient_user_id
        where u.email like '%@' || $1`,
      [BENCH_EMAIL_DOMAIN],
    );
    return rows[0]!.n;
  });
}

/** The foreign keys pointing at `table`, with what each does on delete (cascade, or set null). */
async function referencesTo(client: pg.Client, table: string) {
  const { rows } = await client.query<{ table_name: string; column_name: string; set_null: boolean }>(
    `select c.conrelid::regclass::text as table_name, quote_ident(a.attname) as column_name, c.confdeltype = 'n' as set_null
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = $1::regclass and cardinality(c.conkey) = 1`,
    [table],
  );
  return rows;
}

/**
 * Deletes every bench patient and everything of theirs, leaving the database as the seed made
 * it. What the foreign keys would do row by row is done one statement per referencing table
 * (delete, or set null), then the appointments and the patients themselves are deleted with
 * foreign-key triggers off for that statement (session_replication_role; we own this cluster):
 * nothing references them any more by then, and the per-row actions would scan a table once
 * per deleted row where the referencing column has no index (appointments.rescheduled_from_id
 * for every appointment, reviews.patient_user_id for every patient): minutes at 100k.
 * Returns how many appointments it removed.
 */
export async function removeBenchRows(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows: users } = await client.query<{ id: string }>(
      `select id from patient_app_users where email like '%@' || $1`,
      [BENCH_EMAIL_DOMAIN],
    );
    await client
      .query(`delete from outbox_emails where to_address like '%@' || $1`, [BENCH_EMAIL_DOMAIN])
      .catch(() => undefined);
    if (!users.length) return 0;
    const ids = users.map((u) => u.id);
    const undo = async (table: string, keys: string) => {
      for (const { table_name, column_name, set_null } of await referencesTo(client, table)) {
        await client.query(
          set_null
            ? `update ${table_name} set ${column_name} = null where ${column_name} in (${keys})`
            : `delete from ${table_name} where ${column_name} in (${keys})`,
          [ids],
        );
      }
    };
    const withoutTriggers = async (statement: string) => {
      await client.query('begin');
      try {
        await client.query('set local session_replication_role = replica');
        const result = await client.query(statement, [ids]);
        await client.query('commit');
        return result.rowCount ?? 0;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    };
    await undo('appointments', 'select id from appointments where patient_user_id = any($1::uuid[])');
    const removed = await withoutTriggers('delete from appointments where patient_user_id = any($1::uuid[])');
    await undo('patient_app_users', 'select unnest($1::uuid[])');
    await withoutTriggers('delete from patient_app_users where id = any($1::uuid[])');
    await client.query('vacuum (analyze) appointments, appointment_events, patient_app_users, sessions');
    return removed;
  });
}

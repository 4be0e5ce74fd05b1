import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../security/password';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { captureLogs } from '../../testing/log-capture';
import { DEMO_PATIENT, login, v4 } from '../../testing/v4';
import { clearDiscovery, seedDiscovery } from './discovery';
import { DEMO_FAMILY_MEMBER, demoOfficeKey, seedDatabase, seedOfficeApiKeys } from './seed';
import { demoSeedWanted } from '../client';
import { parseServerEnv } from '../../config/server-env';
import { seedAroundTheClock } from './around-the-clock';
import { AROUND_THE_CLOCK_HOURS, AROUND_THE_CLOCK_OFFICES } from './around-the-clock-data';
import type { Db } from '../db-type';

/* The demo patient's family member and the office-facing API's demo keys. */

const database = useTestDatabase();

const demoMembers = () =>
  queryRows<{ first_name: string; deleted_at: Date | null }>(
    database.db,
    sql`select f.first_name, f.deleted_at from family_members f join patient_app_users u on u.id = f.owner_id
        where u.email = ${DEMO_PATIENT.email}`,
  );
const officeKeys = () =>
  queryRows<{ key_hash: string; office_id: number }>(
    database.db,
    sql`select key_hash, office_id from office_api_keys order by office_id`,
  );

describe('the deterministic seed', () => {
  it('gives the demo patient one family member, listed by GET /v4/family, and seeding again adds no second', async () => {
    expect(await demoMembers()).toEqual([{ first_name: 'Mia', deleted_at: null }]);
    // A database seeded at an older version runs the reference part again: still one Mia.
    await database.db.execute(sql`update app_meta set value = '2' where key = 'seed_version'`);
    await seedDatabase(database.db);
    expect(await demoMembers()).toHaveLength(1);

    const session = await login(DEMO_PATIENT.email, DEMO_PATIENT.password);
    expect(session.status).toBe(200);
    const family = await v4('GET', '/v4/family', { token: session.body.token });
    expect(family.status).toBe(200);
    expect(family.body).toEqual([
      {
        id: DEMO_FAMILY_MEMBER.id,
        firstName: 'Mia',
        lastName: 'Demo',
        relationship: 'child',
        gender: 'female',
        dateOfBirth: DEMO_FAMILY_MEMBER.dateOfBirth,
        country: 'US',
        profileImage: null,
      },
    ]);
  });

  it('keys the first three offices by id for the office-facing API, hashed as session tokens are, once', async () => {
    expect(await officeKeys()).toEqual([]); // test databases start without offices
    await database.db.transaction(async (tx) => {
      await seedDiscovery(tx as unknown as Db, { providers: 8 });
    });
    await seedOfficeApiKeys(database.db);
    await seedOfficeApiKeys(database.db);
    const offices = await queryRows<{ id: number }>(database.db, sql`select id from offices order by id limit 3`);
    expect(offices).toHaveLength(3);
    expect(await officeKeys()).toEqual(
      offices.map(({ id }) => ({ office_id: id, key_hash: sha256(`demo-office-${id}-key`) })),
    );
    expect(demoOfficeKey(offices[0]!.id)).toBe(`demo-office-${offices[0]!.id}-key`);
  });

  it('lets `npm run seed` replace the offices: their keys go with them and the new first offices get theirs', async () => {
    await database.db.transaction(async (tx) => {
      await clearDiscovery(tx as unknown as Db);
      await seedDiscovery(tx as unknown as Db, { providers: 5 });
    });
    await seedOfficeApiKeys(database.db);
    const offices = await queryRows<{ id: number }>(database.db, sql`select id from offices order by id limit 3`);
    expect(await officeKeys()).toEqual(
      offices.map(({ id }) => ({ office_id: id, key_hash: sha256(demoOfficeKey(id)) })),
    );
  });
});

describe('the generated offices', () => {
  it('say "Weekend hours" only when their hours have a Saturday or a Sunday', async () => {
    await database.db.transaction(async (tx) => {
      await clearDiscovery(tx as unknown as Db);
      await seedDiscovery(tx as unknown as Db, { providers: 60 });
    });
    const offices = await queryRows<{ amenities: string[]; weekend: boolean }>(
      database.db,
      sql`select amenities, exists (select 1 from jsonb_array_elements(business_hours) h where (h->>'weekday')::int in (0, 6)) as weekend
          from offices`,
    );
    expect(offices.length).toBeGreaterThan(0);
    for (const office of offices) expect(office.amenities.includes('weekend-hours')).toBe(office.weekend);
  });
});

describe('the around-the-clock teledental practices', () => {
  it('open every hour of every day with their dentists on teledental, keyed for the office-facing API', async () => {
    await database.db.transaction(async (tx) => {
      await clearDiscovery(tx as unknown as Db);
      await seedDiscovery(tx as unknown as Db, { providers: 5 });
      await seedAroundTheClock(tx as unknown as Db);
    });
    const offices = await queryRows<{
      id: number;
      name: string;
      time_zone: string;
      business_hours: unknown;
      teledental_payment_ready: boolean;
    }>(
      database.db,
      sql`select id, name, time_zone, business_hours, teledental_payment_ready from offices where name like 'Around the Clock%' order by id`,
    );
    expect(offices.map((o) => o.name)).toEqual(AROUND_THE_CLOCK_OFFICES.map((o) => o.name));
    const [maxGenerated] = await queryRows<{ id: number }>(
      database.db,
      sql`select max(id) as id from offices where name not like 'Around the Clock%'`,
    );
    expect(offices.every((o) => o.id > maxGenerated!.id)).toBe(true); // after the generated ones
    for (const office of offices) {
      expect(office.business_hours).toEqual(AROUND_THE_CLOCK_HOURS);
      expect(office.teledental_payment_ready).toBe(true);
    }
    const staff = await queryRows<{
      office_id: number;
      working_days: number[];
      offers_teledental: boolean;
      accepts_new_patients: boolean;
    }>(
      database.db,
      sql`select office_id, working_days, offers_teledental, accepts_new_patients from provider_offices
           where office_id in (${sql.join(
             offices.map((o) => sql`${o.id}`),
             sql`, `,
           )})`,
    );
    expect(staff).toHaveLength(AROUND_THE_CLOCK_OFFICES.reduce((n, o) => n + o.providers.length, 0));
    expect(staff.every((s) => s.offers_teledental && s.accepts_new_patients && s.working_days.length === 7)).toBe(true);
    const keys = await officeKeys();
    for (const [i, office] of AROUND_THE_CLOCK_OFFICES.entries()) {
      expect(keys).toContainEqual({ office_id: offices[i]!.id, key_hash: sha256(office.demoKey) });
    }
    // They are listed like any provider (the listing table follows its triggers).
    const listed = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from provider_listings where office_id in (${sql.join(
        offices.map((o) => sql`${o.id}`),
        sql`, `,
      )})`,
    );
    expect(listed[0]!.n).toBe(staff.length);
  });
});

describe('demo credentials', () => {
  it('are seeded only for a local demo: a loopback HOST, no proxy in front, the generated demo providers', () => {
    expect(demoSeedWanted(parseServerEnv({}))).toBe(true);
    expect(demoSeedWanted(parseServerEnv({ HOST: '127.0.0.1' }))).toBe(true);
    expect(demoSeedWanted(parseServerEnv({ HOST: '0.0.0.0' }))).toBe(false);
    expect(demoSeedWanted(parseServerEnv({ HOST: '::' }))).toBe(false);
    expect(demoSeedWanted(parseServerEnv({ TRUST_PROXY_HOPS: '1' }))).toBe(false);
    expect(demoSeedWanted(parseServerEnv({ SEED_PROVIDERS: '0' }))).toBe(false);
  });

  it('stop working once a server starts without the demo seed, with one sentence, and are not created again', async () => {
    await seedOfficeApiKeys(database.db);
    const [office] = await queryRows<{ id: number }>(database.db, sql`select id from offices order by id limit 1`);
    const list = () =>
      v4('GET', '/v4/office/appointments?from=2030-01-01&to=2030-01-02', {
        headers: { 'x-office-key': demoOfficeKey(office!.id) },
      });
    expect((await list()).status).toBe(200);

    const logs = captureLogs();
    await seedDatabase(database.db, { demo: false });
    const warnings = logs.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(
      /^Revoked \d+ demo office key\(s\) of the README: .*give each office a key of its own\.$/,
    );
    expect((await list()).status).toBe(401);
    const live = await queryRows(
      database.db,
      sql`select 1 from office_api_keys where label = 'Demo key (README)' and revoked_at is null`,
    );
    expect(live).toEqual([]);

    // A later local demo start leaves the revoked keys revoked.
    await seedDatabase(database.db);
    expect((await list()).status).toBe(401);
  });
});

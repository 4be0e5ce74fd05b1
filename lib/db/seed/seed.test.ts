import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../security/password';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { DEMO_PATIENT, login, v4 } from '../../testing/v4';
import type { Db } from '../db-type';
import { clearDiscovery, seedDiscovery } from './discovery';
import { DEMO_FAMILY_MEMBER, demoOfficeKey, seedDatabase, seedOfficeApiKeys } from './seed';

/* The demo patient's family member and the office-facing API's demo keys (issue 12). */

const database = useTestDatabase();

const demoMembers = () =>
  queryRows<{ first_name: string; deleted_at: Date | null }>(
    database.db,
    sql`select f.first_name, f.deleted_at from family_members f join patient_app_users u on u.id = f.owner_id
        where u.email = ${DEMO_PATIENT.email}`,
  );
const officeKeys = () =>
  queryRows<{ key_hash: string; office_id: number }>(database.db, sql`select key_hash, office_id from office_api_keys order by office_id`);

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
    expect(await officeKeys()).toEqual(offices.map(({ id }) => ({ office_id: id, key_hash: sha256(`demo-office-${id}-key`) })));
    expect(demoOfficeKey(offices[0]!.id)).toBe(`demo-office-${offices[0]!.id}-key`);
  });

  it('lets `npm run seed` replace the offices: their keys go with them and the new first offices get theirs', async () => {
    await database.db.transaction(async (tx) => {
      await clearDiscovery(tx as unknown as Db);
      await seedDiscovery(tx as unknown as Db, { providers: 5 });
    });
    await seedOfficeApiKeys(database.db);
    const offices = await queryRows<{ id: number }>(database.db, sql`select id from offices order by id limit 3`);
    expect(await officeKeys()).toEqual(offices.map(({ id }) => ({ office_id: id, key_hash: sha256(demoOfficeKey(id)) })));
  });
});

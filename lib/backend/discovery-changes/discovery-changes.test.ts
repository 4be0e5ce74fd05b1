import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDiscovery } from '../../db/seed/discovery';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { v4 } from '../../testing/v4';

/*
 * GET /v4/discoveryChanges: the feed of changed provider and clinic pages, written by the
 * statement triggers of migration 0006 whatever makes the change (here: plain SQL, as psql or
 * the seed CLI would).
 */

const database = useTestDatabase();

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 40 });
  });
});

async function changesAfter(after?: number) {
  const reply = await v4('GET', `/v4/discoveryChanges${after === undefined ? '' : `?after=${after}`}`);
  expect(reply.status).toBe(200);
  return reply.body as { cursor: number; everything: boolean; providerIds: number[]; clinicIds: number[] };
}

async function now(): Promise<number> {
  return (await changesAfter()).cursor;
}

async function firstPair(): Promise<{ provider_id: number; office_id: number }> {
  const [pair] = await queryRows<{ provider_id: number; office_id: number }>(
    database.db,
    sql`select provider_id, office_id from provider_offices order by provider_id, office_id limit 1`,
  );
  return pair!;
}

describe('GET /v4/discoveryChanges', () => {
  it('without a cursor only tells where the feed is; the seed itself counted as "everything"', async () => {
    const start = await changesAfter();
    expect(start).toMatchObject({ everything: false, providerIds: [], clinicIds: [] });
    expect(start.cursor).toBeGreaterThan(0);
    expect(await changesAfter(0)).toMatchObject({ everything: true, cursor: start.cursor });
    expect(await changesAfter(start.cursor)).toEqual({
      cursor: start.cursor,
      everything: false,
      providerIds: [],
      clinicIds: [],
    });
  });

  it('names the provider whose profile changed', async () => {
    const { provider_id } = await firstPair();
    const cursor = await now();
    await database.db.execute(
      sql`update providers set biography_en = biography_en || ' Updated.' where id = ${provider_id}`,
    );
    const changes = await changesAfter(cursor);
    expect(changes).toMatchObject({ everything: false, providerIds: [provider_id], clinicIds: [] });
    expect(changes.cursor).toBeGreaterThan(cursor);
    expect(await changesAfter(changes.cursor)).toMatchObject({ providerIds: [], clinicIds: [] });
  });

  it('an office change names the clinic and every provider working there', async () => {
    const { office_id } = await firstPair();
    const working = await queryRows<{ provider_id: number }>(
      database.db,
      sql`select provider_id from provider_offices where office_id = ${office_id} order by provider_id`,
    );
    const cursor = await now();
    await database.db.execute(sql`update offices set phone = '(212) 555-0199' where id = ${office_id}`);
    const changes = await changesAfter(cursor);
    expect(changes.everything).toBe(false);
    expect(changes.clinicIds).toEqual([office_id]);
    expect(changes.providerIds).toEqual(working.map((w) => w.provider_id));
  });

  it('a new review names its provider and office', async () => {
    const { provider_id, office_id } = await firstPair();
    const cursor = await now();
    await database.db.execute(
      sql`insert into reviews (provider_id, office_id, rating, text, patient_display_name)
          values (${provider_id}, ${office_id}, 5, 'Gentle and on time.', 'Ana P.')`,
    );
    const changes = await changesAfter(cursor);
    expect(changes.providerIds).toContain(provider_id);
    expect(changes.clinicIds).toEqual([office_id]);
  });

  it('a reference list change or a bulk change makes every page stale', async () => {
    let cursor = await now();
    await database.db.execute(
      sql`update specialties set name_en = name_en where id = (select min(id) from specialties)`,
    );
    expect(await changesAfter(cursor)).toMatchObject({ everything: true, providerIds: [], clinicIds: [] });
    cursor = await now();
    await database.db.execute(sql`update provider_specialties set provider_id = provider_id`);
    const bulk = await changesAfter(cursor);
    // 40 providers' specialties: listed one by one (under the limit), not "everything".
    expect(bulk.everything).toBe(false);
    expect(bulk.providerIds.length).toBeGreaterThan(10);
  });

  it('a cursor from another database (ahead of the feed) makes every page stale', async () => {
    const cursor = await now();
    expect(await changesAfter(cursor + 1000)).toEqual({ cursor, everything: true, providerIds: [], clinicIds: [] });
  });

  it('refuses a malformed cursor with a clear 400', async () => {
    for (const bad of ['-1', 'abc', '1e9', '99999999999']) {
      const reply = await v4('GET', `/v4/discoveryChanges?after=${bad}`);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.errorCode).toBe('badRequest');
    }
    expect((await v4('GET', '/v4/discoveryChanges?since=1')).status).toBe(400);
  });
});

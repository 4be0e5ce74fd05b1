import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clearDiscovery, seedDiscovery } from '../../db/seed/discovery';
import { intArray } from '../sql/sql-parts';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { foldLocally, searchStatement, testing, type NameQuery, type NameScope } from './search-repository';
import type { Db } from '../../db/client';

const database = useTestDatabase();

describe('foldLocally', () => {
  it('agrees with discovery_fold() wherever it answers', async () => {
    const latin = Array.from({ length: 0x24f - 0xa0 }, (_, i) => String.fromCodePoint(0xa0 + i));
    const texts = [
      'Núñez',
      'JOSÉ ÁLVAREZ',
      "O'Brien",
      'Dr. García-López',
      'smtih',
      '  Zoë  Renée ',
      'Ñandú 42',
      'İstanbul',
      'Çelik',
      'Müller',
      'Straße',
      'Ærø',
      'e\u0301',
      'ﬁne',
      'Łódź',
      'Đorđe',
      'Ωmega',
      '東京',
      'a_b%c',
      ...latin.map((c) => `x${c}y`),
    ];
    const rows = await queryRows<{ folded: string }>(
      database.db,
      sql`select discovery_fold(t) as folded from json_array_elements_text(${JSON.stringify(texts)}::json) with ordinality as x(t, n) order by n`,
    );
    let local = 0;
    texts.forEach((text, i) => {
      const folded = foldLocally(text);
      if (folded === undefined) return;
      local += 1;
      expect(folded, JSON.stringify(text)).toBe(rows[i]!.folded);
    });
    expect(local).toBeGreaterThan(100);
  });
});

/**
 * The typeahead ranks in stages (tier, then distance, then similarity, each keeping its ties):
 * the answer must be exactly that of the one sort it replaces, written here as that sort.
 */
describe('searchStatement ranks as one sort by tier, distance, similarity and id', () => {
  const NEW_YORK = { lat: 40.7128, lng: -74.006 };

  function nameQuery(query: string, limit: number, corrected = false, excludeIds: number[] = []): NameQuery {
    return { query, words: query.split(' ').map((w) => [w]), corrected, excludeIds, limit };
  }

  /** The single-sort statements, as written before the staged ones (ids and distances only). */
  async function oneSort(q: NameQuery, scope: NameScope): Promise<{ providers: Ranked[]; clinics: Ranked[] }> {
    const center = scope.center
      ? sql`ll_to_earth(${scope.center.lat}::float8, ${scope.center.lng}::float8)`
      : undefined;
    const country = scope.country ? sql`and o.country_code = ${scope.country}` : sql``;
    const providerMeters = center
      ? sql`(select min(earth_distance(o.geo, ${center})) from provider_offices x join offices o on o.id = x.office_id
              where x.provider_id = p.id ${country})`
      : sql`null::float8`;
    const providerScope = scope.country
      ? sql`and exists (select 1 from provider_offices x join offices o on o.id = x.office_id
                         where x.provider_id = p.id and o.country_code = ${scope.country})`
      : sql``;
    const providers = await queryRows<Ranked>(
      database.db,
      sql`select p.id, ${testing.tierOf(sql`p.search_name`, sql`p.search_name_reversed`, q)} as tier, ${providerMeters} as meters,
                 similarity(coalesce(p.search_name, ''), ${q.query}) as sim
            from providers p
           where ${testing.nameMatch(sql`p.search_name`, sql`p.search_name_reversed`, q)}
             and not (p.id = any(${intArray(q.excludeIds)})) ${providerScope}
           order by 2, 3, 4 desc, 1 limit ${q.limit}`,
    );
    const clinics = await queryRows<Ranked>(
      database.db,
      sql`select o.id, ${testing.tierOf(sql`o.search_name`, undefined, q)} as tier,
                 ${center ? sql`earth_distance(o.geo, ${center})` : sql`null::float8`} as meters,
                 similarity(coalesce(o.search_name, ''), ${q.query}) as sim
            from offices o
           where ${testing.nameMatch(sql`o.search_name`, undefined, q)}
             and not (o.id = any(${intArray(q.excludeIds)})) ${country}
           order by 2, 3, 4 desc, 1 limit ${q.limit}`,
    );
    return { providers, clinics };
  }

  interface Ranked {
    id: number;
    tier: number;
    meters: number | null;
  }

  const brief = (rows: readonly Ranked[]) =>
    rows.map((r) => ({ id: r.id, tier: r.tier, meters: r.meters === null ? null : Math.round(Number(r.meters)) }));

  it('for short and long queries, with and without a point or a country, and with tied distances', async () => {
    await database.db.transaction(async (tx) => {
      await clearDiscovery(tx as unknown as Db);
      await seedDiscovery(tx as unknown as Db, { providers: 400 });
    });
    // Ties in distance at every cut: offices share buildings, in fours.
    await database.db.execute(sql`
      update offices o set latitude = t.latitude, longitude = t.longitude
        from offices t where t.id = o.id - (o.id - 1) % 4 and t.id <> o.id`);
    const names = await queryRows<{ first: string; last: string; office: string }>(
      database.db,
      sql`select discovery_fold(p.first_name) as first, discovery_fold(p.last_name) as last, o.search_name as office
            from providers p join provider_offices x on x.provider_id = p.id join offices o on o.id = x.office_id
           order by p.id limit 15`,
    );
    const queries = new Set<string>([
      'sm',
      'smi',
      'li',
      'ma',
      'den',
      'dent',
      'dental',
      'mod',
      'family dentistry',
      'zzqx',
      'a b',
    ]);
    for (const n of names) {
      queries.add(n.first.slice(0, 2));
      queries.add(n.last.slice(0, 3));
      queries.add(`${n.first} ${n.last}`);
      queries.add(n.office.split(' ').slice(0, 2).join(' '));
    }
    const scopes: NameScope[] = [{}, { center: NEW_YORK }, { center: NEW_YORK, country: 'US' }, { country: 'MX' }];
    let compared = 0;
    for (const query of queries) {
      for (const scope of scopes) {
        // Several cuts, so that some fall inside a group of offices at one distance.
        for (const q of [1, 5].flatMap((n) => [nameQuery(query, n), nameQuery(query, n, true, [1, 2, 3])])) {
          const staged = await searchStatement({ providers: q, clinics: q, scope });
          const expected = await oneSort(q, scope);
          const label = `${JSON.stringify(query)} ${JSON.stringify(scope)} limit=${q.limit} corrected=${q.corrected}`;
          expect(brief(staged.providers), label).toEqual(brief(expected.providers));
          expect(brief(staged.clinics), label).toEqual(brief(expected.clinics));
          compared += expected.providers.length + expected.clinics.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

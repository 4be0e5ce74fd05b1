import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import {
  ACCEPTS_NEW_PATIENTS_TAG,
  TELEDENTAL_TAG,
  chordOf,
  earthXyz,
  languageTag,
  metersOfChord,
  tagsOf,
} from './listing-tags';

/* The query side of provider_listings and of earthdistance (listing-tags.ts) must agree with the SQL side. */

const database = useTestDatabase();

/** Deterministic points all over the globe, poles and the date line included. */
const points = Array.from({ length: 400 }, (_, i) => {
  const a = Math.sin(i * 12.9898) * 43758.5453;
  const b = Math.sin(i * 78.233) * 12345.6789;
  return { lat: (a - Math.floor(a)) * 180 - 90, lng: (b - Math.floor(b)) * 360 - 180 };
}).concat([
  { lat: 0, lng: 0 }, { lat: 90, lng: 180 }, { lat: -90, lng: -180 }, { lat: 40.2, lng: -74.2 }, { lat: -33.8688, lng: 151.2093 },
]);

describe('provider_listings codes', () => {
  it('places points where ll_to_earth() puts them', async () => {
    const list = await queryRows<{ x: number; y: number; z: number }>(
      database.db,
      sql`select cube_ll_coord(e, 1) as x, cube_ll_coord(e, 2) as y, cube_ll_coord(e, 3) as z
            from unnest(${`{${points.map((p) => p.lat).join(',')}}`}::float8[], ${`{${points.map((p) => p.lng).join(',')}}`}::float8[])
                 with ordinality as p(lat, lng, n)
           cross join lateral (select ll_to_earth(p.lat, p.lng) as e) q
           order by p.n`,
    );
    list.forEach((row, i) => {
      const [x, y, z] = earthXyz(points[i]!);
      // Within a micrometre: the two sides' cosines may differ in the last bit.
      expect(Math.abs(Number(row.x) - x) + Math.abs(Number(row.y) - y) + Math.abs(Number(row.z) - z), JSON.stringify(points[i])).toBeLessThan(1e-6);
    });
  });

  it('encodes filters as the tags the database gives a listing row', async () => {
    expect(tagsOf({ specialtyId: 5, visitReasonId: 7, planId: 12, carrierId: 3, language: 'es', acceptsNewPatients: true, virtual: true })).toEqual([
      1_000_005, 2_000_007, 3_000_012, 4_000_003, languageTag('es'), ACCEPTS_NEW_PATIENTS_TAG, TELEDENTAL_TAG,
    ]);
    const [row] = await queryRows<{ tag: number }>(
      database.db,
      sql`select 5000000 + ascii(substr(l, 1, 1)) * 256 + ascii(substr(l, 2, 1)) as tag from (select 'zh'::text as l) x`,
    );
    expect(Number(row!.tag)).toBe(languageTag('zh'));
  });

  it('converts between chords and great-circle metres as earth_distance() does', async () => {
    const [row] = await queryRows<{ chord: number; meters: number }>(
      database.db,
      sql`select ll_to_earth(40.7, -74) <-> ll_to_earth(34.05, -118.24) as chord,
                 earth_distance(ll_to_earth(40.7, -74), ll_to_earth(34.05, -118.24)) as meters`,
    );
    expect(metersOfChord(Number(row!.chord))).toBeCloseTo(Number(row!.meters), 3);
    expect(chordOf(Number(row!.meters))).toBeCloseTo(Number(row!.chord), 3);
  });
});

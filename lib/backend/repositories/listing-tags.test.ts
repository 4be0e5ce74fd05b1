import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import {
  ACCEPTS_NEW_PATIENTS_TAG,
  EARTH_RADIUS_METERS,
  TELEDENTAL_TAG,
  areaCodes,
  cellOf,
  cellsAround,
  chordOf,
  languageTag,
  metersOfChord,
  tagsOf,
} from './listing-tags';

/* The query side of provider_listings (listing-tags.ts) must agree with its SQL side (migration 0004). */

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
  it('puts a point in the same map cell as discovery_cell()', async () => {
    const list = await queryRows<{ cell: number }>(
      database.db,
      sql`select discovery_cell(p.lat, p.lng) as cell
            from unnest(${`{${points.map((p) => p.lat).join(',')}}`}::float8[], ${`{${points.map((p) => p.lng).join(',')}}`}::float8[])
                 with ordinality as p(lat, lng, n)
           order by p.n`,
    );
    expect(list.map((r) => Number(r.cell))).toEqual(points.map((p) => cellOf(p.lat, p.lng)));
  });

  it('covers every point of a circle with the cells around it', () => {
    for (const center of [{ lat: 40.7549, lng: -73.984 }, { lat: 64.1, lng: -21.9 }, { lat: -33.87, lng: 179.95 }, { lat: 0.05, lng: 0.05 }]) {
      for (const radius of [1_000, 40_234, 160_934]) {
        const cells = new Set(cellsAround(center, radius));
        for (let bearing = 0; bearing < 360; bearing += 5) {
          // The point `radius` metres away on this bearing (spherical destination formula).
          const d = radius / EARTH_RADIUS_METERS;
          const lat1 = (center.lat * Math.PI) / 180;
          const th = (bearing * Math.PI) / 180;
          const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(th));
          const lng2 = (center.lng * Math.PI) / 180 + Math.atan2(Math.sin(th) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
          const lng = ((((lng2 * 180) / Math.PI + 540) % 360) - 180);
          expect(cells.has(cellOf((lat2 * 180) / Math.PI, lng)), JSON.stringify({ center, radius, bearing })).toBe(true);
        }
      }
    }
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
    expect(areaCodes(7, [3])).toEqual([7 * 2 ** 21 + 3]);
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

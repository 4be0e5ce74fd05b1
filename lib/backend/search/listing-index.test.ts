import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../contracts/geo';
import { chordOf, earthXyz, metersOfChord } from '../sql/listing-tags';
import { ListingIndex, type ListingFilter, type ListingRow } from './listing-index';

const FRESNO = { lat: 36.7378, lng: -119.7871 };
const CLOVIS = { lat: 36.8252, lng: -119.7029 };
const MADRID = { lat: 40.4168, lng: -3.7038 };

function row(provider: number, office: number, at: LatLng, tags: number[], days = [1, 2, 3, 4, 5], extra: Partial<ListingRow> = {}): ListingRow {
  return {
    provider_id: provider,
    office_id: office,
    latitude: at.lat,
    longitude: at.lng,
    tags,
    working_days: days,
    rating_average: 4.5,
    review_count: 10,
    teledental_fee_cents: 5000,
    ...extra,
  };
}

/** What the index must answer: every row checked, nearest first, ties by provider. */
function bruteForce(rows: readonly ListingRow[], center: LatLng, radius: number, filter: ListingFilter, limit: number) {
  const c = earthXyz(center);
  const wanted = filter.weekdays && filter.weekdays.length < 7 ? filter.weekdays : undefined;
  return rows
    .filter((r) => filter.tags.every((t) => r.tags.includes(t)) && (!wanted || r.working_days.some((d) => wanted.includes(d))))
    .map((r) => {
      const p = earthXyz({ lat: r.latitude, lng: r.longitude });
      const [dx, dy, dz] = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
      return { r, chord: Math.sqrt(dx * dx + dy * dy + dz * dz) };
    })
    .filter((x) => x.chord <= chordOf(radius))
    .sort((a, b) => a.chord - b.chord || a.r.provider_id - b.r.provider_id)
    .slice(0, limit)
    .map((x) => ({ pair: `${x.r.provider_id}@${x.r.office_id}`, meters: metersOfChord(x.chord) }));
}

const answer = (list: { id: number; officeId: number; meters: number }[]) =>
  list.map((c) => ({ pair: `${c.id}@${c.officeId}`, meters: c.meters }));

describe('ListingIndex', () => {
  const rows = [
    row(1, 10, FRESNO, [7, 8], [1, 2]),
    row(2, 10, FRESNO, [7], [3]),
    row(2, 11, CLOVIS, [7, 9], [1]),
    row(3, 11, CLOVIS, [8], [0, 6], { rating_average: 3, review_count: 2, teledental_fee_cents: 2500 }),
    row(4, 12, MADRID, [7, 8]),
  ];

  it('answers nearest first within the radius, with what the sorts read', () => {
    const index = new ListingIndex(rows, 5);
    const all = index.nearest(FRESNO, 50_000, { tags: [] }, 300);
    expect(all.map((c) => `${c.id}@${c.officeId}`)).toEqual(['1@10', '2@10', '2@11', '3@11']);
    expect(all[0]!.meters).toBe(0);
    expect(all[2]!.meters).toBeGreaterThan(10_000);
    expect(all[3]).toMatchObject({ workingDays: [0, 6], rating: 3, reviews: 2, fee: 2500 });
    expect(index.nearest(FRESNO, 5_000, { tags: [] }, 300)).toHaveLength(2);
    expect(index.nearest(FRESNO, 50_000, { tags: [] }, 3)).toHaveLength(3);
  });

  it('keeps rows with every tag and one of the weekdays', () => {
    const index = new ListingIndex(rows, 5);
    const pairs = (filter: ListingFilter, limit = 300) =>
      index.nearest(FRESNO, 20_000_000, filter, limit).map((c) => `${c.id}@${c.officeId}`);
    expect(pairs({ tags: [7, 8] })).toEqual(['1@10', '4@12']);
    expect(pairs({ tags: [7, 8] }, 1)).toEqual(['1@10']);
    expect(pairs({ tags: [8], weekdays: [0] })).toEqual(['3@11']);
    expect(pairs({ tags: [], weekdays: [3, 4] })).toEqual(['2@10', '4@12']);
    expect(pairs({ tags: [404] })).toEqual([]);
    expect(new ListingIndex([], null).nearest(FRESNO, 50_000, { tags: [] }, 10)).toEqual([]);
  });

  it('takes changed rows in place and drops removed pairs', () => {
    const index = new ListingIndex(rows, 5);
    const changed = [row(2, 10, FRESNO, [8], [3], { rating_average: 5 }), row(2, 11, CLOVIS, [7, 9], [1])];
    // Provider 2 lost tag 7 at office 10; provider 3 left office 11 (no row of theirs is read back).
    expect(index.apply(changed, { providerIds: [2, 3], officeIds: [] })).toBe(true);
    const pairs = (tags: number[]) => index.nearest(FRESNO, 50_000, { tags }, 300).map((c) => `${c.id}@${c.officeId}`);
    expect(pairs([7])).toEqual(['1@10', '2@11']);
    expect(pairs([8])).toEqual(['1@10', '2@10']);
    expect(index.nearest(FRESNO, 1_000, { tags: [8] }, 300).find((c) => c.id === 2)?.rating).toBe(5);
    // Back again at the same place: the slot is reused.
    expect(index.apply([row(3, 11, CLOVIS, [8], [0, 6])], { providerIds: [3], officeIds: [] })).toBe(true);
    expect(pairs([8])).toEqual(['1@10', '2@10', '3@11']);
  });

  it('asks for a rebuild for a new pair or a moved office, changing nothing', () => {
    const index = new ListingIndex(rows, 5);
    expect(index.apply([row(5, 10, FRESNO, [7])], { providerIds: [5], officeIds: [] })).toBe(false);
    expect(index.apply([row(1, 10, CLOVIS, [7, 8]), row(2, 10, CLOVIS, [7])], { providerIds: [], officeIds: [10] })).toBe(false);
    expect(index.nearest(FRESNO, 1_000, { tags: [7] }, 300).map((c) => c.id)).toEqual([1, 2]);
  });

  // Anywhere on the map: the antimeridian and the poles included, offices around the point.
  const anywhere = fc.record({ lat: fc.double({ min: -89.99, max: 89.99, noNaN: true }), lng: fc.double({ min: -180, max: 179.99, noNaN: true }) });
  const spread = (lat: number, lng: number) =>
    fc.record({ dLat: fc.double({ min: -lat, max: lat, noNaN: true }), dLng: fc.double({ min: -lng, max: lng, noNaN: true }) });
  // Offices a few cells away (where the walk's stopping rules matter) and some far off.
  const offset = fc.oneof(spread(0.4, 0.6), spread(3, 6));
  const around = (center: LatLng, d: { dLat: number; dLng: number }): LatLng => ({
    lat: Math.max(-90, Math.min(90, center.lat + d.dLat)),
    lng: ((((center.lng + d.dLng + 180) % 360) + 360) % 360) - 180,
  });

  it('gives what checking every row gives, whichever walk it takes', () => {
    const data = fc.tuple(anywhere, fc.array(offset, { minLength: 1, maxLength: 30 })).chain(([center, offsets]) => {
      const places = offsets.map((d) => around(center, d));
      return fc.tuple(
        fc.constant(center),
        fc
          .array(
            fc.record({
              office: fc.nat({ max: places.length - 1 }),
              tags: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 5 }),
              days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
            }),
            { maxLength: 200 },
          )
          .map((list) => [
            ...list.map((r, i) => row(i + 1, r.office + 1, places[r.office]!, r.tags, r.days.sort())),
            // A background of offices every 0.25 degrees, so most radii walk rings of cells.
            ...Array.from({ length: 25 * 49 }, (_, n) => {
              const at = around(center, { dLat: (Math.floor(n / 49) - 12) * 0.25, dLng: ((n % 49) - 24) * 0.25 });
              return row(1000 + n, 1000 + n, at, [1 + (n % 6), 1 + ((n * 7) % 6)], [n % 7]);
            }),
          ]),
      );
    });
    const filter = fc.record({
      tags: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 3 }),
      weekdays: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(data, offset, fc.integer({ min: 1_000, max: 200_000 }), filter, fc.integer({ min: 1, max: 60 }), ([center, list], shift, radius, f, limit) => {
        const index = new ListingIndex(list, null);
        // From the offices' centre, and from near one office (cells around it hold rows).
        const office = list[0] ? { lat: list[0].latitude, lng: list[0].longitude } : center;
        for (const from of [center, around(office, { dLat: shift.dLat / 40, dLng: shift.dLng / 40 })]) {
          const found = answer(index.nearest(from, radius, f, limit));
          const expected = bruteForce(list, from, radius, f, limit);
          // Providers at one office tie: the distances agree, and the pairs up to the cut.
          expect(found.map((x) => x.meters)).toEqual(expected.map((x) => x.meters));
          const cut = expected.length ? expected[expected.length - 1]!.meters : 0;
          const sure = (l: { pair: string; meters: number }[]) => l.filter((x) => x.meters < cut || expected.length < limit).map((x) => x.pair);
          expect(sure(found).sort()).toEqual(sure(expected).sort());
        }
      }),
      { numRuns: 200 },
    );
  });
});

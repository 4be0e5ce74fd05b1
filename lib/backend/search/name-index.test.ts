import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { metersOfChord } from '../sql/listing-tags';
import type { LatLng } from '../../contracts/geo';
import { NameIndex, type NameIndexRows, type NameScope } from './name-index';
import { similarity } from './trigram';

const FRESNO = { lat: 36.7378, lng: -119.7871 };
const CLOVIS = { lat: 36.8252, lng: -119.7029 };
const MADRID = { lat: 40.4168, lng: -3.7038 };

function office(id: number, name: string, at: LatLng, country = 'US') {
  const search = name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return { id, name, city: 'City', state: 'ST', country_code: country, search_name: search, latitude: at.lat, longitude: at.lng };
}

function provider(id: number, first: string, last: string) {
  return { id, search_name: `${first} ${last}`, search_name_reversed: `${last} ${first}` };
}

const rows: NameIndexRows = {
  providers: [
    provider(1, 'ana', 'nunez'),
    provider(2, 'ana', 'nunez ortega'),
    provider(3, 'jose', 'alvarez'),
    provider(4, 'maria', 'alvarez'),
    provider(5, 'luis', 'quintanilla'),
    provider(6, 'ana maria', 'lopez'),
  ],
  offices: [
    office(10, 'Fresno Smile Studio', FRESNO),
    office(11, 'Clovis Family Dentistry', CLOVIS),
    office(12, 'Madrid Sonrisas', MADRID, 'ES'),
    office(13, 'Smile Studio of Clovis', CLOVIS),
  ],
  providerOffices: [
    { provider_id: 1, office_id: 10 },
    { provider_id: 2, office_id: 11 },
    { provider_id: 3, office_id: 10 },
    { provider_id: 4, office_id: 12 },
    { provider_id: 4, office_id: 11 },
    { provider_id: 5, office_id: 11 },
    { provider_id: 6, office_id: 13 },
  ],
  vocabulary: ['alvarez', 'ana', 'clovis', 'dentistry', 'family', 'fresno', 'jose', 'lopez', 'luis', 'madrid', 'maria', 'nunez', 'ortega', 'quintanilla', 'smile', 'sonrisas', 'studio'],
};

const index = new NameIndex(rows, 7);

function search(text: string, options: { center?: LatLng; scope?: NameScope; correct?: Parameters<NameIndex['search']>[1] } = {}) {
  const words = text.split(' ');
  return index.search(
    { providerQuery: text, clinicQuery: text, words, center: options.center, scope: options.scope ?? {}, limit: 5 },
    options.correct ?? (() => undefined),
  );
}

describe('NameIndex', () => {
  it('puts the exact name first, then names starting with the query, then word matches', () => {
    // Ana Núñez exactly, then Ana Núñez Ortega, whose name starts with the query.
    expect(search('ana nunez').providers.map((p) => p.id)).toEqual([1, 2]);
    // Three names start with "ana": with no point to measure from, the most similar first.
    expect(search('ana').providers.map((p) => p.id)).toEqual([1, 6, 2]);
    expect(search('alvarez').providers.map((p) => p.id)).toEqual([3, 4]);
  });

  it('matches the surname first ("surname name") and words inside names', () => {
    expect(search('nunez ana').providers[0]?.id).toBe(1);
    expect(search('rtega').providers.map((p) => p.id)).toEqual([2]);
  });

  it('matches a short word at the start of the name or surname only, for providers', () => {
    // "ma" starts "maria alvarez" (4) and the surname-first form of nobody else; "ana maria lopez"
    // has "maria" as a middle word, which a two-letter word does not reach.
    expect(search('ma').providers.map((p) => p.id)).toEqual([4]);
    // Offices: any word.
    expect(search('st').clinics.map((c) => c.id).sort()).toEqual([10, 13]);
  });

  it('ranks equally relevant matches by distance to the point, nearest office of each provider', () => {
    const ranked = search('alvarez', { center: CLOVIS }).providers;
    // Maria Álvarez works in Clovis (and Madrid); José Álvarez in Fresno.
    expect(ranked.map((p) => p.id)).toEqual([4, 3]);
    expect(ranked[0]!.meters).toBeCloseTo(0, 3);
    expect(ranked[1]!.meters).toBeGreaterThan(10_000);
    // Relevance before distance: "Smile Studio of Clovis" starts with the query, "Fresno Smile
    // Studio" only has its words, so it comes second even seen from Fresno.
    expect(search('smile studio', { center: FRESNO }).clinics.map((c) => c.id)).toEqual([13, 10]);
    expect(search('studio', { center: FRESNO }).clinics.map((c) => c.id)).toEqual([10, 13]);
    expect(search('studio', { center: CLOVIS }).clinics.map((c) => c.id)).toEqual([13, 10]);
  });

  it('keeps to the country and the favourites asked for', () => {
    expect(search('alvarez', { scope: { country: 'ES' } }).providers.map((p) => p.id)).toEqual([4]);
    const inSpain = search('alvarez', { center: FRESNO, scope: { country: 'ES' } }).providers[0]!;
    // Her distance is to her office in Spain, not the one in Clovis.
    expect(inSpain.meters).toBeGreaterThan(9_000_000);
    expect(search('alvarez', { scope: { providerIds: new Set([3]) } }).providers.map((p) => p.id)).toEqual([3]);
    expect(search('smile', { scope: { officeIds: new Set([13]) } }).clinics.map((c) => c.id)).toEqual([13]);
  });

  it('asks for corrections only when a group has fewer matches than it shows, and ranks them last', () => {
    let asked = 0;
    const result = search('quintanila', {
      correct: (vocabulary) => {
        asked++;
        const near = vocabulary('quintanila', 80);
        expect(near[0]).toMatchObject({ term: 'quintanilla' });
        return [['quintanilla']];
      },
    });
    expect(asked).toBe(1); // shared by both groups
    expect(result.providers.map((p) => p.id)).toEqual([5]);
    // Fewer than five providers match "ana": corrected spellings add the others, after them.
    expect(search('ana', { correct: () => [['maria']] }).providers.map((p) => p.id)).toEqual([1, 6, 2, 4]);
  });

  it('offers vocabulary words sharing a piece of the word, most similar first', () => {
    const candidates = index.vocabularyCandidates('alvares', 80);
    expect(candidates[0]).toEqual({ term: 'alvarez', sim: similarity('alvarez', 'alvares') });
    expect(candidates.map((c) => c.term)).not.toContain('sonrisas');
  });

  it('tells whether re-read rows still say what it holds', () => {
    const asked = { providerIds: [1], officeIds: [10] };
    const same = { providers: [rows.providers[0]!], offices: [rows.offices[0]!], providerOffices: [{ provider_id: 1, office_id: 10 }] };
    expect(index.agrees(same, asked)).toBe(true);
    expect(index.agrees({ ...same, providers: [provider(1, 'ana', 'nunes')] }, asked)).toBe(false);
    expect(index.agrees({ ...same, offices: [{ ...rows.offices[0]!, latitude: 1 }] }, asked)).toBe(false);
    expect(index.agrees({ ...same, providerOffices: [] }, asked)).toBe(false);
    expect(index.agrees({ ...same, providers: [] }, asked)).toBe(false);
  });
});

// ---- the shortcuts against a plain reading of the rules ----

/** Every entity checked one by one, with the matching and ranking rules written out plainly. */
function bruteForce(data: NameIndexRows, text: string, center: LatLng | undefined, alternatives?: string[][]) {
  const words = text.split(' ');
  const wordMatch = (name: string, reversed: string | undefined, w: string) =>
    w.length >= 3 ? name.includes(w) : reversed !== undefined ? name.startsWith(w) || reversed.startsWith(w) : name.split(' ').some((n) => n.startsWith(w));
  const chord = (a: LatLng, b: LatLng) => {
    const xyz = (p: LatLng) => {
      const [la, lo] = [(p.lat * Math.PI) / 180, (p.lng * Math.PI) / 180];
      return [Math.cos(la) * Math.cos(lo), Math.cos(la) * Math.sin(lo), Math.sin(la)].map((v) => v * 6_378_168);
    };
    const [p, q] = [xyz(a), xyz(b)];
    return Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!);
  };
  const order = (a: { tier: number; meters: number | null; sim: number; id: number }, b: typeof a) =>
    a.tier - b.tier || (a.meters ?? Infinity) - (b.meters ?? Infinity) || b.sim - a.sim || a.id - b.id;
  const rank = (list: { id: number; name: string; reversed?: string; meters: number | null }[]) => {
    const matches = list.filter(
      (e) => e.name.startsWith(text) || e.reversed?.startsWith(text) || words.every((w) => wordMatch(e.name, e.reversed, w)),
    );
    const ranked = matches
      .map((e) => ({
        ...e,
        tier:
          e.name === text || e.reversed === text
            ? 0
            : e.name.startsWith(text) || e.reversed?.startsWith(text)
              ? 1
              : words.every((w) => e.name.split(' ').some((n) => n.startsWith(w)))
                ? 2
                : 3,
        sim: similarity(e.name, text),
      }))
      .sort(order)
      .slice(0, 5)
      .map((e) => e.id);
    if (matches.length >= 5 || !alternatives) return ranked;
    // Fewer than five: the corrected spellings' matches follow (tier 4), each word any spelling.
    const fixes = list
      .filter((e) => !matches.includes(e) && alternatives.every((spellings) => spellings.some((w) => wordMatch(e.name, e.reversed, w))))
      .map((e) => ({ ...e, tier: 4, sim: similarity(e.name, text) }))
      .sort(order)
      .map((e) => e.id);
    return [...ranked, ...fixes].slice(0, 5);
  };
  const officeAt = new Map(data.offices.map((o) => [o.id, o]));
  const providers = data.providers.map((p) => {
    const mine = data.providerOffices.filter((l) => l.provider_id === p.id).map((l) => officeAt.get(l.office_id)!);
    const meters = center && mine.length ? metersOfChord(Math.min(...mine.map((o) => chord(center, { lat: o.latitude, lng: o.longitude })))) : null;
    return { id: p.id, name: p.search_name ?? '', reversed: p.search_name_reversed ?? '', meters };
  });
  const offices = data.offices.map((o) => ({
    id: o.id,
    name: o.search_name ?? '',
    meters: center ? metersOfChord(chord(center, { lat: o.latitude, lng: o.longitude })) : null,
  }));
  return { providers: rank(providers), clinics: rank(offices) };
}

describe('NameIndex against a plain reading of the rules', () => {
  const syllables = ['an', 'a', 'na', 'mar', 'ia', 'lo', 'pez', 'smi', 'th', 'den', 'tal', 'su', 'rez'];
  const word = fc.array(fc.constantFrom(...syllables), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
  const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
  const point = fc.record({ lat: fc.double({ min: 30, max: 45, noNaN: true }), lng: fc.double({ min: -120, max: -70, noNaN: true }) });
  const data = fc
    .record({
      providers: fc.array(fc.tuple(name, name), { minLength: 1, maxLength: 25 }),
      offices: fc.array(fc.tuple(name, point), { minLength: 1, maxLength: 12 }),
      links: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 40 }),
    })
    .map(({ providers, offices, links }): NameIndexRows => ({
      providers: providers.map(([first, last], i) => ({ id: i + 1, search_name: `${first} ${last}`, search_name_reversed: `${last} ${first}` })),
      offices: offices.map(([n, at], i) => ({ id: 100 + i, name: n, city: 'C', state: 'S', country_code: 'US', search_name: n, latitude: at.lat, longitude: at.lng })),
      providerOffices: [
        ...new Map(
          links.map(([p, o]) => {
            const link = { provider_id: (p % providers.length) + 1, office_id: 100 + (o % offices.length) };
            return [`${link.provider_id}-${link.office_id}`, link] as const;
          }),
        ).values(),
      ],
      vocabulary: [],
    }));
  const query = fc.array(word, { minLength: 1, maxLength: 2 }).map((w) => w.join(' '));

  const spellings = fc.array(fc.array(word, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 2 });

  it('adds the matches of corrected spellings exactly as checking every name would', () => {
    fc.assert(
      fc.property(data, query, spellings, fc.option(point, { nil: undefined }), (rowsOf, text, alternatives, center) => {
        const built = new NameIndex(rowsOf, null);
        const result = built.search(
          { providerQuery: text, clinicQuery: text, words: text.split(' '), center, scope: {}, limit: 5 },
          () => alternatives,
        );
        const expected = bruteForce(rowsOf, text, center, alternatives);
        expect(result.providers.map((p) => p.id)).toEqual(expected.providers);
        expect(result.clinics.map((c) => c.id)).toEqual(expected.clinics);
      }),
      { numRuns: 300, seed: 20261123 },
    );
  });

  it('ranks exactly as checking every name would', () => {
    fc.assert(
      fc.property(data, query, fc.option(point, { nil: undefined }), (rowsOf, text, center) => {
        const built = new NameIndex(rowsOf, null);
        const result = built.search({ providerQuery: text, clinicQuery: text, words: text.split(' '), center, scope: {}, limit: 5 }, () => undefined);
        const expected = bruteForce(rowsOf, text, center);
        expect(result.providers.map((p) => p.id)).toEqual(expected.providers);
        expect(result.clinics.map((c) => c.id)).toEqual(expected.clinics);
      }),
      { numRuns: 300, seed: 20261122 },
    );
  });
});

import 'server-only';
import type { LatLng } from '../../contracts/geo';
import { earthXyz, metersOfChord } from '../sql/listing-tags';
import { lowerBound } from './lower-bound';
import { trigrams, trigramSimilarity } from './trigram';
import type { NameIndexRows } from './search-repository';

/*
 * The typeahead's name index: every provider's and office's folded name, the offices' points,
 * which provider works at which office, and the typo vocabulary, held in the server process
 * (README "Decisions": the typeahead's names live in memory). A keystroke then costs a walk
 * over the words that match, not over database rows: at 100k providers a common name matched
 * thousands of rows through trigram indexes and nearest-first scans, several milliseconds of
 * PostgreSQL per keystroke, while here its posting lists are read in microseconds. The
 * database stays the source of truth: the index is built from it and rebuilt when its data
 * changes (search-service.ts checks discovery_changes on every search), and the details of the
 * providers shown still come from it.
 *
 * Matching is PostgreSQL's as the search repository wrote it before (same folded text, same
 * tests): a word of three letters or more matches inside any name word (LIKE '%word%'), a
 * shorter one starts the name or, for providers, the surname ("surname name"), for offices any
 * name word; every word must match, and a name or "surname name" starting with the whole query
 * matches too. Ranking is unchanged: exact name, name prefix, every word a word prefix, other
 * matches, corrected typos; then distance, trigram similarity (pg_trgm's, ./trigram.ts), id.
 * Unlike the database version, every match is ranked, not the first few hundred a scan met.
 */

export type { NameIndexRows };

export interface NameScope {
  /** ISO code: only offices in this country (a provider by their offices there). */
  country?: string;
  /** Only these providers and offices (a patient's favourites). */
  providerIds?: ReadonlySet<number>;
  officeIds?: ReadonlySet<number>;
}

export interface RankedProvider {
  id: number;
  meters: number | null;
}

export interface RankedClinic {
  id: number;
  name: string;
  city: string;
  state: string;
  countryCode: string;
  meters: number | null;
}

export interface NameSearch {
  /** The folded query without honorifics (providers) and as typed (clinics). */
  providerQuery: string;
  clinicQuery: string;
  /** The query's words (honorifics left out), each to match. */
  words: readonly string[];
  center?: LatLng;
  scope: NameScope;
  /** How many of each group to answer. */
  limit: number;
}

/**
 * One group of named things (providers or offices): names, their words' posting lists, and the
 * names sorted for prefix ranges. Entities are array positions; ids are kept beside them.
 */
class NameGroup {
  readonly size: number;
  private readonly keys: string[];
  private readonly lists: Int32Array[];
  private readonly byName: Int32Array;
  private readonly byReversed: Int32Array | undefined;
  private readonly grams: (Int32Array | undefined)[];
  private readonly marks: Uint32Array;
  private generation = 0;
  private readonly sightings: Uint32Array;
  private sighting = 0;

  constructor(
    readonly ids: Int32Array,
    readonly names: readonly string[],
    readonly reversed: readonly string[] | undefined,
  ) {
    this.size = ids.length;
    const postings = new Map<string, number[]>();
    names.forEach((name, e) => {
      for (const word of new Set(name.split(' '))) {
        if (!word) continue;
        let list = postings.get(word);
        if (!list) postings.set(word, (list = []));
        list.push(e);
      }
    });
    this.keys = [...postings.keys()];
    this.lists = this.keys.map((k) => Int32Array.from(postings.get(k)!));
    const sorted = (of: readonly string[]) =>
      Int32Array.from(of.map((_, e) => e).sort((a, b) => (of[a]! < of[b]! ? -1 : of[a]! > of[b]! ? 1 : a - b)));
    this.byName = sorted(names);
    this.byReversed = reversed ? sorted(reversed) : undefined;
    this.grams = new Array<Int32Array | undefined>(this.size);
    this.marks = new Uint32Array(this.size);
    this.sightings = new Uint32Array(this.size);
  }

  /** A fresh "seen" set for one ranking: the function answers true the first time it sees an entity. */
  firstSight(): (e: number) => boolean {
    if (this.sighting === 0xffffffff) {
      this.sightings.fill(0);
      this.sighting = 0;
    }
    const mark = ++this.sighting;
    return (e) => {
      if (this.sightings[e] === mark) return false;
      this.sightings[e] = mark;
      return true;
    };
  }

  /** A fresh mark: entities marked with it form a set, without clearing the array. */
  private nextMark(): number {
    if (this.generation === 0xffffffff) {
      this.marks.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }

  /** Entities whose name (or reversed name) starts with `prefix`: a range of the sorted names. */
  private startingWith(sorted: Int32Array, names: readonly string[], prefix: string, out: number[]): void {
    const lo = lowerBound(sorted.length, (i) => names[sorted[i]!]! < prefix);
    for (let i = lo; i < sorted.length && names[sorted[i]!]!.startsWith(prefix); i++) out.push(sorted[i]!);
  }

  /** Entities with a name word for which `accept(word)` holds, each once (per mark), added to `out`. */
  private withWord(accept: (word: string) => boolean, verify?: (e: number) => boolean, mark = this.nextMark(), out: number[] = []): number[] {
    for (let k = 0; k < this.keys.length; k++) {
      if (!accept(this.keys[k]!)) continue;
      for (const e of this.lists[k]!) {
        // Marked only once taken: another spelling may take what this one's check turned down.
        if (this.marks[e] === mark || (verify && !verify(e))) continue;
        this.marks[e] = mark;
        out.push(e);
      }
    }
    return out;
  }

  /** Whether a name word is one `word` (a spelling of a query word) matches. */
  private accepts(word: string): (nameWord: string) => boolean {
    return word.length >= 3 ? (w) => w.includes(word) : (w) => w.startsWith(word);
  }

  /** Entities one query word (any of its spellings) matches, each once. */
  private matchingWord(alternatives: readonly string[]): number[] {
    const mark = this.nextMark();
    const out: number[] = [];
    for (const word of alternatives) {
      this.withWord(
        this.accepts(word),
        // Short words: providers by the name or the surname (not a middle word).
        word.length < 3 && this.reversed ? (e) => this.names[e]!.startsWith(word) || this.reversed![e]!.startsWith(word) : undefined,
        mark,
        out,
      );
    }
    return out;
  }

  /** Whether one query word (any of its spellings) matches this entity's name, as matchingWord() does. */
  private nameMatches(e: number, alternatives: readonly string[]): boolean {
    const name = this.names[e]!;
    return alternatives.some((word) =>
      word.length >= 3
        ? name.includes(word)
        : this.reversed
          ? name.startsWith(word) || this.reversed[e]!.startsWith(word)
          : name.startsWith(word) || name.includes(` ${word}`),
    );
  }

  /** How many posting entries a query word's spellings reach (what reading its matches costs). */
  private reach(alternatives: readonly string[]): number {
    let total = 0;
    for (const word of alternatives) {
      const accept = this.accepts(word);
      for (let k = 0; k < this.keys.length; k++) if (accept(this.keys[k]!)) total += this.lists[k]!.length;
    }
    return total;
  }

  /**
   * Entities every query word matches (each word a list of accepted spellings): the matches of
   * the word with the shortest posting lists (`candidates`), and `rest`, the check of the other
   * words on the name itself, which callers run only on candidates that may still rank. So
   * "dolor de muelas" reads the few names with "dolor", not every "dental".
   */
  wordMatches(words: readonly (readonly string[])[]): { candidates: number[]; rest: (e: number) => boolean } {
    if (!words.length) return { candidates: [], rest: () => false };
    let driver = 0;
    let least = Number.POSITIVE_INFINITY;
    words.forEach((alternatives, i) => {
      const reach = this.reach(alternatives);
      if (reach < least) [driver, least] = [i, reach];
    });
    const others = words.filter((_, i) => i !== driver);
    return {
      candidates: this.matchingWord(words[driver]!),
      rest: (e) => others.every((alternatives) => this.nameMatches(e, alternatives)),
    };
  }

  /** Whether every word starts a word of this entity's name (the ranking's third tier). */
  everyWordStartsAWord(e: number, words: readonly string[]): boolean {
    const name = this.names[e]!;
    return words.every((word) => name.startsWith(word) || name.includes(` ${word}`));
  }

  /** Entities whose name, or reversed name, starts with `prefix`. */
  startingWithQuery(prefix: string): number[] {
    const out: number[] = [];
    this.startingWith(this.byName, this.names, prefix, out);
    if (this.byReversed) this.startingWith(this.byReversed, this.reversed!, prefix, out);
    return out;
  }

  trigramsOf(e: number): Int32Array {
    let grams = this.grams[e];
    if (!grams) this.grams[e] = grams = trigrams(this.names[e]!);
    return grams;
  }
}

interface Candidate {
  e: number;
  id: number;
  tier: number;
  /** Straight-line distance to the point (earthdistance's `<->`), Infinity without one. */
  chord: number;
}

/**
 * The best `limit` entities offered, by tier, distance, similarity to the query, id, kept as
 * they are offered. Distance is only worked out for entities whose tier can still enter, and
 * similarity (a trigram set per name) only where tier and distance tie.
 */
class Best {
  readonly kept: Candidate[] = [];
  private readonly queryGrams: Int32Array;
  private readonly sims = new Map<number, number>();

  constructor(
    private readonly group: NameGroup,
    query: string,
    private readonly limit: number,
  ) {
    this.queryGrams = trigrams(query);
  }

  private sim(e: number): number {
    let value = this.sims.get(e);
    if (value === undefined) this.sims.set(e, (value = trigramSimilarity(this.group.trigramsOf(e), this.queryGrams)));
    return value;
  }

  private compare(a: Candidate, b: Candidate): number {
    // Chords order as the great-circle metres they stand for; Infinity - Infinity (no point) ties.
    return a.tier - b.tier || a.chord - b.chord || this.sim(b.e) - this.sim(a.e) || a.id - b.id;
  }

  /** Whether an entity of this tier and distance could still be kept (ties go to the similarity). */
  mayEnter(tier: number, chord: number): boolean {
    if (this.kept.length < this.limit) return true;
    const last = this.kept[this.limit - 1]!;
    return tier < last.tier || (tier === last.tier && chord <= last.chord);
  }

  offer(e: number, id: number, tier: number, chord: number): void {
    const kept = this.kept;
    const full = kept.length === this.limit;
    if (!this.mayEnter(tier, chord)) return;
    const candidate = { e, id, tier, chord };
    if (full && this.compare(candidate, kept[this.limit - 1]!) >= 0) return;
    let at = kept.length;
    while (at > 0 && this.compare(candidate, kept[at - 1]!) < 0) at--;
    kept.splice(at, 0, candidate);
    if (kept.length > this.limit) kept.pop();
  }
}

export class NameIndex {
  private readonly providers: NameGroup;
  private readonly offices: NameGroup;
  /** Each provider's offices: positions in the office arrays, from officeStart[p] to officeStart[p + 1]. */
  private readonly officeStart: Int32Array;
  private readonly providerOffices: Int32Array;
  private readonly officeXyz: Float64Array;
  private readonly officeRows: NameIndexRows['offices'];
  private readonly providerById: Map<number, number>;
  private readonly officeById: Map<number, number>;
  private readonly vocabulary: readonly string[];

  constructor(
    rows: NameIndexRows,
    /** The newest discovery_changes id when the rows were read (null: none kept). */
    public version: number | null,
  ) {
    this.officeRows = rows.offices;
    this.officeById = new Map(rows.offices.map((o, i) => [o.id, i]));
    this.officeXyz = new Float64Array(rows.offices.length * 3);
    rows.offices.forEach((o, i) => this.officeXyz.set(earthXyz({ lat: o.latitude, lng: o.longitude }), i * 3));
    this.offices = new NameGroup(
      Int32Array.from(rows.offices.map((o) => o.id)),
      rows.offices.map((o) => o.search_name ?? ''),
      undefined,
    );
    this.providerById = new Map(rows.providers.map((p, i) => [p.id, i]));
    this.providers = new NameGroup(
      Int32Array.from(rows.providers.map((p) => p.id)),
      rows.providers.map((p) => p.search_name ?? ''),
      rows.providers.map((p) => p.search_name_reversed ?? ''),
    );
    const perProvider: number[][] = rows.providers.map(() => []);
    for (const link of rows.providerOffices) {
      const p = this.providerById.get(link.provider_id);
      const o = this.officeById.get(link.office_id);
      if (p !== undefined && o !== undefined) perProvider[p]!.push(o);
    }
    this.officeStart = new Int32Array(rows.providers.length + 1);
    perProvider.forEach((list, p) => (this.officeStart[p + 1] = this.officeStart[p]! + list.length));
    this.providerOffices = Int32Array.from(perProvider.flat());
    this.vocabulary = rows.vocabulary;
  }

  /** Whether these rows (a re-read of some providers and offices) say what the index holds. */
  agrees(
    rows: Pick<NameIndexRows, 'providers' | 'offices' | 'providerOffices'>,
    asked: { providerIds: readonly number[]; officeIds: readonly number[] },
  ): boolean {
    // Each id asked for: absent from both, or present in both and the same.
    const same = <R extends { id: number }>(ids: readonly number[], list: readonly R[], held: Map<number, number>, equal: (row: R, at: number) => boolean) => {
      const byId = new Map(list.map((r) => [r.id, r]));
      return ids.every((id) => {
        const row = byId.get(id);
        const at = held.get(id);
        return !row || at === undefined ? !row && at === undefined : equal(row, at);
      });
    };
    const officesOf = (id: number) =>
      rows.providerOffices
        .filter((l) => l.provider_id === id)
        .map((l) => l.office_id)
        .sort((a, b) => a - b);
    return (
      same(asked.providerIds, rows.providers, this.providerById, (row, p) => {
        if ((row.search_name ?? '') !== this.providers.names[p] || (row.search_name_reversed ?? '') !== this.providers.reversed![p]) return false;
        const now = officesOf(row.id);
        const held = [...this.providerOffices.subarray(this.officeStart[p]!, this.officeStart[p + 1]!)]
          .map((o) => this.officeRows[o]!.id)
          .sort((a, b) => a - b);
        return now.length === held.length && now.every((o, i) => o === held[i]);
      }) &&
      same(asked.officeIds, rows.offices, this.officeById, (row, o) => {
        const held = this.officeRows[o]!;
        return (
          row.name === held.name &&
          row.city === held.city &&
          row.state === held.state &&
          row.country_code === held.country_code &&
          (row.search_name ?? '') === (held.search_name ?? '') &&
          row.latitude === held.latitude &&
          row.longitude === held.longitude
        );
      })
    );
  }

  private chord(o: number, center: readonly [number, number, number]): number {
    const dx = this.officeXyz[o * 3]! - center[0];
    const dy = this.officeXyz[o * 3 + 1]! - center[1];
    const dz = this.officeXyz[o * 3 + 2]! - center[2];
    return Math.sqrt(dx * dx + dy * dy + dz * dz);
  }

  /** A provider's chord to `center`: their nearest office (in the scope's country); Infinity for none. */
  private providerChord(p: number, center: readonly [number, number, number] | undefined, country: string | undefined): number {
    let best = Number.POSITIVE_INFINITY;
    if (!center) return best;
    for (let i = this.officeStart[p]!; i < this.officeStart[p + 1]!; i++) {
      const o = this.providerOffices[i]!;
      if (country && this.officeRows[o]!.country_code !== country) continue;
      best = Math.min(best, this.chord(o, center));
    }
    return best;
  }

  private providerInScope(p: number, scope: NameScope): boolean {
    if (scope.providerIds && !scope.providerIds.has(this.providers.ids[p]!)) return false;
    if (!scope.country) return true;
    for (let i = this.officeStart[p]!; i < this.officeStart[p + 1]!; i++) {
      if (this.officeRows[this.providerOffices[i]!]!.country_code === scope.country) return true;
    }
    return false;
  }

  private officeInScope(o: number, scope: NameScope): boolean {
    if (scope.officeIds && !scope.officeIds.has(this.offices.ids[o]!)) return false;
    return !scope.country || this.officeRows[o]!.country_code === scope.country;
  }

  /**
   * Known words a misspelt word may stand for (the vocabulary's nearest: those sharing a
   * three-letter piece with it or its first two letters), best first, at most `limit`.
   */
  vocabularyCandidates(word: string, limit: number): { term: string; sim: number }[] {
    const pieces: string[] = [];
    for (let i = 0; i + 3 <= word.length; i++) pieces.push(word.slice(i, i + 3));
    const start = word.slice(0, 2);
    const grams = trigrams(word);
    return this.vocabulary
      .filter((term) => term.startsWith(start) || pieces.some((piece) => term.includes(piece)))
      .map((term) => ({ term, sim: trigramSimilarity(trigrams(term), grams) }))
      .sort((a, b) => b.sim - a.sim || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
      .slice(0, limit);
  }

  /** Ranks one group: prefix and word matches, then, when fewer than `limit`, corrected spellings. */
  private rankGroup(
    group: NameGroup,
    options: {
      query: string;
      words: readonly string[];
      corrections: () => string[][] | undefined;
      /** Undefined when every entity is in scope. */
      inScope: ((e: number) => boolean) | undefined;
      chord: (e: number) => number;
      limit: number;
    },
  ): Candidate[] {
    const { query, words, limit, inScope, chord } = options;
    const firstSight = group.firstSight();
    const best = new Best(group, query, limit);
    const { ids, names, reversed } = group;
    let matched = 0;
    // Each loop measures the distance first and goes on only with entities that could still be
    // kept at the best tier they could reach: once a group's worth is kept (so `matched` has
    // reached the limit and no later step depends on it), most matches stop there, before any
    // string is compared.
    // Names starting with the query (tiers 0 and 1) first: when they are already a group's
    // worth, no word match (tiers 2 and 3) can rank among them, so those are not read at all.
    for (const e of group.startingWithQuery(query)) {
      const tier = names[e] === query || reversed?.[e] === query ? 0 : 1;
      const c = chord(e);
      if (!best.mayEnter(tier, c) || !firstSight(e) || (inScope && !inScope(e))) continue;
      matched++;
      best.offer(e, ids[e]!, tier, c);
    }
    if (matched < limit) {
      const { candidates, rest } = group.wordMatches(words.map((w) => [w]));
      for (const e of candidates) {
        const c = chord(e);
        if (!best.mayEnter(2, c) || !rest(e) || !firstSight(e) || (inScope && !inScope(e))) continue;
        matched++;
        best.offer(e, ids[e]!, group.everyWordStartsAWord(e, words) ? 2 : 3, c);
      }
    }
    if (matched >= limit) return best.kept;
    const alternatives = options.corrections();
    if (!alternatives) return best.kept;
    const fixes = new Best(group, query, limit);
    const { candidates, rest } = group.wordMatches(alternatives);
    for (const e of candidates) {
      const c = chord(e);
      if (fixes.mayEnter(4, c) && rest(e) && firstSight(e) && (!inScope || inScope(e))) fixes.offer(e, ids[e]!, 4, c);
    }
    return [...best.kept, ...fixes.kept].slice(0, limit);
  }

  /** The providers and clinics a typeahead shows, best first. */
  search(
    input: NameSearch,
    correct: (vocabulary: (word: string, limit: number) => { term: string; sim: number }[]) => string[][] | undefined,
  ): {
    providers: RankedProvider[];
    clinics: RankedClinic[];
  } {
    const center = input.center ? earthXyz(input.center) : undefined;
    const { scope, limit, words } = input;
    // Worked out once, only when a group turns out to need them, and shared by both groups.
    let alternatives: string[][] | undefined | null = null;
    const corrections = () => {
      if (alternatives === null) alternatives = correct((word, max) => this.vocabularyCandidates(word, max));
      return alternatives;
    };
    const providers = this.rankGroup(this.providers, {
      query: input.providerQuery,
      words,
      corrections,
      inScope: scope.country || scope.providerIds ? (p) => this.providerInScope(p, scope) : undefined,
      chord: (p) => this.providerChord(p, center, scope.country),
      limit,
    });
    const clinics = this.rankGroup(this.offices, {
      query: input.clinicQuery,
      words,
      corrections,
      inScope: scope.country || scope.officeIds ? (o) => this.officeInScope(o, scope) : undefined,
      chord: (o) => (center ? this.chord(o, center) : Number.POSITIVE_INFINITY),
      limit,
    });
    const meters = (c: Candidate) => (c.chord === Number.POSITIVE_INFINITY ? null : metersOfChord(c.chord));
    return {
      providers: providers.map((c) => ({ id: c.id, meters: meters(c) })),
      clinics: clinics.map((c) => {
        const row = this.officeRows[c.e]!;
        return { id: row.id, name: row.name, city: row.city, state: row.state, countryCode: row.country_code, meters: meters(c) };
      }),
    };
  }
}

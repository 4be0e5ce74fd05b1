import 'server-only';
import { COUNTRIES } from '../../contracts/countries';
import { SEARCH_GROUP_LIMIT, type GlobalSearchResponse, type NamedRef } from '../../contracts/discovery';
import type { Locale } from '../../i18n/languages';
import type { Point } from '../repositories/discovery-repository';
import {
  fold,
  searchFirstRound,
  searchRound,
  type ClinicMatchRow,
  type NameScope,
  type ProviderMatchRow,
  type SearchRoundParts,
  type VocabularyRow,
} from '../repositories/search-repository';
import { doctorName, milesToMeters, toMiles } from './discovery-dto';

/*
 * GET /v4/globalSearch: the typeahead (SPEC.md sections 3 and 7). Matching is case- and
 * accent-insensitive (folded text), typo tolerant (misspelt words are corrected against the
 * vocabulary of known name words), answers in the request's language, and ranks by relevance
 * first (exact name, name prefix, every word a word prefix, other matches, corrected typos),
 * then distance. Every query is bounded by an index and a LIMIT, whatever the database size.
 */

/** More word matches than this and the nearest ones (a nearest-first scan) are ranked instead. */
const WIDE_MATCH = 100;
const NEAR_RADIUS_MILES = 100;
const NEAR_LIMIT = 60;
/** word_similarity needed for a specialty, condition or service that no word starts. */
const REFERENCE_MIN_SCORE = 0.5;
/** Honorifics and degrees people type before names: ignored when matching names. */
const NAME_NOISE = new Set(['dr', 'dra', 'doctor', 'doctora', 'dds', 'dmd', 'bds', 'cd']);
const MAX_WORDS = 6;

export interface GlobalSearchInput {
  searchText: string;
  center?: Point;
  /** Header value: ISO code or a country name; unknown values do not restrict. */
  country?: string;
  /** The user whose favourites restrict providers and clinics (favorite=true). */
  favoritesOf?: string;
}

const EMPTY: GlobalSearchResponse = { clinics: [], dentalConditions: [], providers: [], services: [], speciality: [] };

function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const COUNTRY_ALIASES = new Map<string, string>([
  ...COUNTRIES.flatMap((c) => [
    [plain(c.code), c.code] as [string, string],
    [plain(c.nameEn), c.code] as [string, string],
    [plain(c.nameEs), c.code] as [string, string],
  ]),
  ['united states', 'US'], ['united states of america', 'US'], ['us', 'US'], ['usa', 'US'],
  ['uk', 'GB'], ['united kingdom', 'GB'], ['great britain', 'GB'], ['gb', 'GB'], ['reino unido', 'GB'],
  ['united arab emirates', 'AE'],
]);

/** The spec's country list by code or name (either language); anything else is no restriction. */
export function resolveCountry(value: string | undefined): string | undefined {
  return value ? COUNTRY_ALIASES.get(plain(value)) : undefined;
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps, "smtih" -> "smith" is 1). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** How many known words are compared with a word that may be misspelt. */
const VOCABULARY_CANDIDATES = 80;

/**
 * Known words a misspelt `word` may stand for, best first; none when the word is known (or
 * starts a known word, as while typing). A typed prefix is compared with the same length of
 * the candidate, so "rodrigz" finds "rodriguez". `candidates` are the vocabulary's nearest
 * words (vocabularyQuery in the search repository).
 */
function corrections(word: string, candidates: readonly VocabularyRow[]): string[] {
  if (word.length < 4) return [];
  if (candidates.some((c) => c.term.startsWith(word))) return [];
  const allowed = word.length >= 7 ? 2 : 1;
  return candidates
    .map((c) => ({
      term: c.term,
      sim: Number(c.sim),
      edits: Math.min(editDistance(word, c.term), editDistance(word, c.term.slice(0, word.length))),
    }))
    .filter((c) => c.edits <= allowed || c.sim >= 0.5)
    .sort((a, b) => a.edits - b.edits || b.sim - a.sim || a.term.localeCompare(b.term))
    .slice(0, 3)
    .map((c) => c.term);
}

function tierOf(name: string, reversed: string | undefined, query: string, words: readonly string[]): number {
  if (name === query || reversed === query) return 0;
  if (name.startsWith(query) || reversed?.startsWith(query)) return 1;
  const nameWords = name.split(' ');
  return words.every((w) => nameWords.some((n) => n.startsWith(w))) ? 2 : 3;
}

interface Ranked<T> {
  row: T;
  tier: number;
  meters: number | null;
  sim: number;
  id: number;
}

function rank<T extends { id: number; meters: number | null; sim: number }>(
  rows: T[],
  tier: (row: T) => number,
): Ranked<T>[] {
  const best = new Map<number, Ranked<T>>();
  for (const row of rows) {
    const entry = { row, tier: tier(row), meters: row.meters, sim: Number(row.sim), id: row.id };
    const seen = best.get(row.id);
    if (!seen || entry.tier < seen.tier || (entry.tier === seen.tier && (entry.meters ?? Infinity) < (seen.meters ?? Infinity))) {
      best.set(row.id, entry);
    }
  }
  return [...best.values()].sort(
    (a, b) =>
      a.tier - b.tier ||
      (a.meters ?? Infinity) - (b.meters ?? Infinity) ||
      b.sim - a.sim ||
      a.id - b.id,
  );
}

/**
 * One group's (providers' or clinics') way through the rounds: prefix and word matches (round
 * one), then either the nearest matches when there are many, or matches of corrected spellings
 * when there are fewer than a group's worth (round two), exactly one of the two at most.
 */
class NameGroup<T extends { id: number; meters: number | null; sim: number }> {
  private ranked: Ranked<T>[];
  readonly needsNear: boolean;

  constructor(
    private readonly first: { prefix: T[]; words: T[] },
    private readonly tier: (row: T) => number,
    hasCenter: boolean,
  ) {
    this.needsNear = first.words.length > WIDE_MATCH && hasCenter;
    this.ranked = this.needsNear ? [] : rank([...first.prefix, ...first.words], tier);
  }

  /** Whether corrected spellings are needed (only known once the first round is in). */
  get needsCorrections(): boolean {
    return !this.needsNear && this.ranked.length < SEARCH_GROUP_LIMIT;
  }

  withNear(near: T[]): void {
    this.ranked = rank([...this.first.prefix, ...near, ...this.first.words], this.tier);
  }

  withCorrections(rows: T[]): void {
    const known = new Set(this.ranked.map((r) => r.id));
    const fixes = rank(rows, () => 4).filter((r) => !known.has(r.id));
    this.ranked = [...this.ranked, ...fixes];
  }

  result(): Ranked<T>[] {
    return this.ranked.slice(0, SEARCH_GROUP_LIMIT);
  }
}

// GET /v4/globalSearch
export async function globalSearch(input: GlobalSearchInput, locale: Locale): Promise<GlobalSearchResponse> {
  // Control characters (NUL among them) cannot reach PostgreSQL text.
  const text = input.searchText.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if (!text) return EMPTY;
  const query = await fold(text);
  if (query.length < 2) return EMPTY;
  const words = query
    .split(' ')
    .filter((w) => w && !NAME_NOISE.has(w))
    .slice(0, MAX_WORDS);
  const nameQuery = words.join(' ');
  const scope: NameScope = { country: resolveCountry(input.country), favoritesOf: input.favoritesOf };
  const center = input.center;
  const searchNamesToo = words.some((w) => w.length >= 2);

  // Round one: reference lists, name matches and (when a group will need corrections) the
  // vocabulary, in one statement; round two: nearest or corrected matches; round three (or
  // with round two when providers are settled after round one): the providers' details.
  const first = await searchFirstRound({
    reference: { query, minScore: REFERENCE_MIN_SCORE, limit: SEARCH_GROUP_LIMIT },
    names: searchNamesToo
      ? {
          providerQuery: nameQuery,
          clinicQuery: query,
          words: words.map((w) => [w]),
          center,
          scope,
          limits: { prefix: 20, words: WIDE_MATCH + 1 },
        }
      : undefined,
    vocabulary: { words: words.filter((w) => w.length >= 4), limit: VOCABULARY_CANDIDATES, below: SEARCH_GROUP_LIMIT },
  });
  const reference = first.reference;
  const providerGroup = new NameGroup<ProviderMatchRow>(
    first.providers,
    (row) => tierOf(row.search_name, row.search_name_reversed, nameQuery, words),
    Boolean(center),
  );
  const clinicGroup = new NameGroup<ClinicMatchRow>(first.clinics, (row) => tierOf(row.search_name, undefined, query, words), Boolean(center));

  // Corrections are worked out once and shared by providers and clinics.
  let alternatives: string[][] | undefined;
  if (first.vocabulary && (providerGroup.needsCorrections || clinicGroup.needsCorrections)) {
    const fixes = words.map((w) => corrections(w, first.vocabulary!.get(w) ?? []));
    if (fixes.some((f) => f.length > 0)) alternatives = words.map((w, i) => (fixes[i]!.length ? fixes[i]! : [w]));
  }

  const near = { center: center!, radiusMeters: milesToMeters(NEAR_RADIUS_MILES), scope, limit: NEAR_LIMIT };
  const asWords = words.map((w) => [w]);
  const second: SearchRoundParts = {};
  if (providerGroup.needsNear) second.providersNear = { query: nameQuery, words: asWords, ...near };
  else if (providerGroup.needsCorrections && alternatives) {
    second.providerWords = { query: nameQuery, words: alternatives, center, scope, limit: WIDE_MATCH + 1 };
  }
  if (clinicGroup.needsNear) second.clinicsNear = { query, words: asWords, ...near };
  else if (clinicGroup.needsCorrections && alternatives) {
    second.clinicWords = { query, words: alternatives, center, scope, limit: WIDE_MATCH + 1 };
  }
  const providersNow = !second.providersNear && !second.providerWords;
  // Matching and ranking read only names and distances; the few shown get their details.
  if (providersNow) second.providerDetails = { ids: providerGroup.result().map((r) => r.id), center, scope };
  const secondRows = await searchRound(second);
  if (secondRows.providersNear) providerGroup.withNear(secondRows.providersNear);
  if (secondRows.providerWords) providerGroup.withCorrections(secondRows.providerWords);
  if (secondRows.clinicsNear) clinicGroup.withNear(secondRows.clinicsNear);
  if (secondRows.clinicWords) clinicGroup.withCorrections(secondRows.clinicWords);

  const rankedProviders = providerGroup.result();
  const detailRows =
    secondRows.providerDetails ??
    (await searchRound({ providerDetails: { ids: rankedProviders.map((r) => r.id), center, scope } })).providerDetails ??
    [];
  const details = new Map(detailRows.map((d) => [d.id, d]));
  const providers = rankedProviders.flatMap((r) => {
    const detail = details.get(r.id);
    return detail ? [{ ...r, row: { ...detail, meters: r.meters } }] : [];
  });
  const clinics = clinicGroup.result();

  const group = (kind: string): NamedRef[] =>
    reference
      .filter((r) => r.kind === kind)
      .map((r) => ({ id: r.id, slug: r.slug, name: locale === 'es' ? r.name_es : r.name_en }));
  return {
    clinics: clinics.map(({ row }) => ({
      id: row.id,
      name: row.name,
      city: row.city,
      state: row.state,
      countryCode: row.country_code,
      distanceMiles: toMiles(row.meters),
    })),
    dentalConditions: group('visitReason'),
    providers: providers.map(({ row }) => ({
      id: row.id,
      displayName: doctorName(row, locale),
      title: row.title,
      photoUrl: row.photo_url,
      specialty: (locale === 'es' ? row.specialty_es : row.specialty_en) ?? null,
      officeName: row.office_name,
      city: row.city,
      distanceMiles: toMiles(row.meters),
    })),
    services: group('service'),
    speciality: group('specialty'),
  };
}

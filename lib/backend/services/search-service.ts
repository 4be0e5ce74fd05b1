import 'server-only';
import { COUNTRIES } from '../../contracts/countries';
import { SEARCH_GROUP_LIMIT, type GlobalSearchResponse, type NamedRef } from '../../contracts/discovery';
import type { Locale } from '../../i18n/languages';
import type { Point } from '../repositories/discovery-repository';
import {
  fold,
  matchClinics,
  matchClinicsNear,
  matchProviders,
  matchProvidersNear,
  providerSearchDetails,
  searchReference,
  vocabularyCandidates,
  type ClinicMatchRow,
  type NameScope,
  type ProviderMatchRow,
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

/**
 * Known words a misspelt `word` may stand for, best first; none when the word is known (or
 * starts a known word, as while typing). A typed prefix is compared with the same length of
 * the candidate, so "rodrigz" finds "rodriguez".
 */
async function corrections(word: string): Promise<string[]> {
  if (word.length < 4) return [];
  const candidates = await vocabularyCandidates(word, 80);
  if (candidates.some((c) => c.term.startsWith(word))) return [];
  const allowed = word.length >= 7 ? 2 : 1;
  return candidates
    .map((c) => ({
      term: c.term,
      sim: c.sim,
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

interface NameSearch<T> {
  /** Prefix matches and word matches, in one round trip. */
  first: (words: string[][]) => Promise<{ prefix: T[]; words: T[] }>;
  words: (words: string[][]) => Promise<T[]>;
  near: (words: string[][]) => Promise<T[]>;
  tier: (row: T) => number;
}

/** Prefix matches, word matches (the nearest ones when there are many), then corrected typos. */
async function searchNames<T extends { id: number; meters: number | null; sim: number }>(
  search: NameSearch<T>,
  words: string[],
  corrected: () => Promise<string[][] | undefined>,
  hasCenter: boolean,
): Promise<Ranked<T>[]> {
  const asWords = words.map((w) => [w]);
  const first = await search.first(asWords);
  let wordRows = first.words;
  if (wordRows.length > WIDE_MATCH && hasCenter) wordRows = [...(await search.near(asWords)), ...wordRows];
  const ranked = rank([...first.prefix, ...wordRows], search.tier);
  if (ranked.length >= SEARCH_GROUP_LIMIT) return ranked.slice(0, SEARCH_GROUP_LIMIT);
  const alternatives = await corrected();
  if (!alternatives) return ranked;
  const known = new Set(ranked.map((r) => r.id));
  const fixes = rank(await search.words(alternatives), () => 4).filter((r) => !known.has(r.id));
  return [...ranked, ...fixes].slice(0, SEARCH_GROUP_LIMIT);
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

  // Corrections are looked up once and shared by providers and clinics.
  let correctedWords: Promise<string[][] | undefined> | undefined;
  const corrected = () =>
    (correctedWords ??= (async () => {
      const fixes = await Promise.all(words.map(corrections));
      if (fixes.every((f) => f.length === 0)) return undefined;
      return words.map((w, i) => (fixes[i]!.length ? fixes[i]! : [w]));
    })());

  const [reference, providers, clinics] = await Promise.all([
    searchReference(query, REFERENCE_MIN_SCORE, SEARCH_GROUP_LIMIT),
    searchNamesToo
      ? searchNames<ProviderMatchRow>(
          {
            first: (w) => matchProviders({ prefix: 20, words: WIDE_MATCH + 1 }, nameQuery, w, center, scope),
            words: (w) => matchProviders({ words: WIDE_MATCH + 1 }, nameQuery, w, center, scope).then((r) => r.words),
            near: (w) => matchProvidersNear(nameQuery, w, center!, milesToMeters(NEAR_RADIUS_MILES), scope, NEAR_LIMIT),
            tier: (row) => tierOf(row.search_name, row.search_name_reversed, nameQuery, words),
          },
          words,
          corrected,
          Boolean(center),
        ).then(async (ranked) => {
          // Matching and ranking read only names and distances; the few shown get their details.
          const details = new Map((await providerSearchDetails(ranked.map((r) => r.id), center, scope)).map((d) => [d.id, d]));
          return ranked.flatMap((r) => {
            const detail = details.get(r.id);
            return detail ? [{ ...r, row: { ...detail, meters: r.meters } }] : [];
          });
        })
      : [],
    searchNamesToo
      ? searchNames<ClinicMatchRow>(
          {
            first: (w) => matchClinics({ prefix: 20, words: WIDE_MATCH + 1 }, query, w, center, scope),
            words: (w) => matchClinics({ words: WIDE_MATCH + 1 }, query, w, center, scope).then((r) => r.words),
            near: (w) => matchClinicsNear(query, w, center!, milesToMeters(NEAR_RADIUS_MILES), scope, NEAR_LIMIT),
            tier: (row) => tierOf(row.search_name, undefined, query, words),
          },
          words,
          corrected,
          Boolean(center),
        )
      : [],
  ]);

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

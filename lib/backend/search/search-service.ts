import 'server-only';
import { COUNTRIES } from '../../contracts/countries';
import { SEARCH_GROUP_LIMIT, type NamedRef } from '../../contracts/discovery';
import { favoriteIdsOf } from '../favorites/favorites-service';
import {
  fold,
  searchStatement,
  vocabularyCandidates,
  type NameQuery,
  type NameScope,
  type VocabularyRow,
} from './search-repository';
import { doctorName } from '../providers/provider-name';
import { toMiles } from './discovery-dto';
import type { GlobalSearchResponse } from '../../contracts/search';
import type { Locale } from '../../i18n/languages';
import type { Point } from './listings-repository';

/*
 * GET /v4/globalSearch: the typeahead (SPEC.md sections 3 and 7). Matching is case- and
 * accent-insensitive (folded text), typo tolerant (misspelt words are corrected against the
 * vocabulary of known name words), answers in the request's language, and ranks by relevance
 * first (exact name, name prefix, every word a word prefix, other matches, corrected typos),
 * then distance (a provider's nearest office), trigram similarity and id. PostgreSQL finds and
 * ranks the names through its trigram and prefix indexes: one statement reads the reference
 * lists and both groups; only when a group has fewer than it shows are misspelt words looked up
 * in the vocabulary and that group searched again with the corrections.
 */

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
  ['united states', 'US'],
  ['united states of america', 'US'],
  ['us', 'US'],
  ['usa', 'US'],
  ['uk', 'GB'],
  ['united kingdom', 'GB'],
  ['great britain', 'GB'],
  ['gb', 'GB'],
  ['reino unido', 'GB'],
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
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
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
 * words (vocabularyCandidates in the search repository).
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

/** Typo fixes for each word (the word itself when it has none), or undefined when no word has any. */
async function correctedWords(words: readonly string[]): Promise<string[][] | undefined> {
  const candidates = await vocabularyCandidates(
    words.filter((w) => w.length >= 4),
    VOCABULARY_CANDIDATES,
  );
  const fixes = words.map((w) => corrections(w, candidates.get(w) ?? []));
  return fixes.some((f) => f.length > 0) ? words.map((w, i) => (fixes[i]!.length ? fixes[i]! : [w])) : undefined;
}

/** Both groups ranked in PostgreSQL; a group short of SEARCH_GROUP_LIMIT is completed with corrected spellings. */
async function rankAndRead(input: {
  providerQuery: string;
  clinicQuery: string;
  words: string[];
  scope: NameScope;
  referenceQuery: string;
}) {
  const limit = SEARCH_GROUP_LIMIT;
  const reference = { query: input.referenceQuery, minScore: REFERENCE_MIN_SCORE, limit };
  const searchNames = input.words.some((w) => w.length >= 2);
  const plain = (query: string): NameQuery => ({
    query,
    words: input.words.map((w) => [w]),
    corrected: false,
    excludeIds: [],
    limit,
  });
  const first = await searchStatement({
    reference,
    providers: searchNames ? plain(input.providerQuery) : undefined,
    clinics: searchNames ? plain(input.clinicQuery) : undefined,
    scope: input.scope,
  });
  const { providers, clinics } = first;
  if (!searchNames || (providers.length >= limit && clinics.length >= limit)) return first;
  const alternatives = await correctedWords(input.words);
  if (!alternatives) return first;
  const fixed = (query: string, found: readonly { id: number }[]): NameQuery | undefined =>
    found.length < limit
      ? { query, words: alternatives, corrected: true, excludeIds: found.map((f) => f.id), limit: limit - found.length }
      : undefined;
  const more = await searchStatement({
    providers: fixed(input.providerQuery, providers),
    clinics: fixed(input.clinicQuery, clinics),
    scope: input.scope,
  });
  return {
    reference: first.reference,
    providers: [...providers, ...more.providers],
    clinics: [...clinics, ...more.clinics],
  };
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
  const scope: NameScope = { center: input.center, country: resolveCountry(input.country) };
  if (input.favoritesOf) {
    const favorites = await favoriteIdsOf(input.favoritesOf);
    scope.providerIds = favorites.providerIds;
    scope.officeIds = favorites.clinicIds;
  }
  const { providers, clinics, reference } = await rankAndRead({
    providerQuery: words.join(' '),
    clinicQuery: query,
    words,
    scope,
    referenceQuery: query,
  });

  const group = (kind: string): NamedRef[] =>
    reference
      .filter((r) => r.kind === kind)
      .map((r) => ({ id: r.id, slug: r.slug, name: locale === 'es' ? r.name_es : r.name_en }));
  return {
    clinics: clinics.map((c) => ({
      id: c.id,
      name: c.name,
      city: c.city,
      state: c.state,
      countryCode: c.country_code,
      distanceMiles: toMiles(c.meters === null ? null : Number(c.meters)),
    })),
    dentalConditions: group('visitReason'),
    providers: providers.map((row) => ({
      id: row.id,
      displayName: doctorName(row, locale),
      title: row.title,
      photoUrl: row.photo_url,
      specialty: (locale === 'es' ? row.specialty_es : row.specialty_en) ?? null,
      officeName: row.office_name,
      city: row.city,
      distanceMiles: toMiles(row.meters === null ? null : Number(row.meters)),
    })),
    services: group('service'),
    speciality: group('specialty'),
  };
}

import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { queryRows } from '../../db/raw';
import { and, earthPoint, intArray } from '../sql/sql-parts';
import type { Point } from './listings-repository';

/*
 * Global search reads. Text is compared in its folded form (discovery_fold: lower-case, no
 * accents, a-z0-9 words), so the search columns and the query agree on one alphabet. Names are
 * found with LIKE, which the trigram GIN and text_pattern_ops btree indexes of migration 0023
 * answer, and ranked with the trigram *functions* (similarity, word_similarity), never the % / <%
 * operators: those hang on PGlite when cube is loaded too.
 */

async function rows<T>(query: SQL): Promise<T[]> {
  return queryRows<T>(await executor(), query);
}

/** Escapes LIKE wildcards. Folded text holds none, but patterns never trust their input. */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * discovery_fold() without a round trip, where it is sure to agree (search-repository.test.ts
 * checks it against the SQL function): text that is plain ASCII once canonical decomposition
 * has split off the accents. Anything else (ß, æ, ø, ligatures, other scripts, loose combining
 * marks) goes to the database, whose unaccent rules know more letters.
 */
export function foldLocally(text: string): string | undefined {
  if (/\p{M}/u.test(text)) return undefined;
  const stripped = text.normalize('NFD').replace(/\p{M}/gu, '');
  if (!/^[\x00-\x7f]*$/.test(stripped)) return undefined;
  return stripped
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export async function fold(text: string): Promise<string> {
  const local = foldLocally(text);
  if (local !== undefined) return local;
  const [row] = await rows<{ folded: string | null }>(sql`select discovery_fold(${text}) as folded`);
  return row?.folded ?? '';
}

export type ReferenceKind = 'specialty' | 'visitReason' | 'service';

export interface ReferenceMatchRow {
  kind: ReferenceKind;
  id: number;
  slug: string;
  name_en: string;
  name_es: string;
  score: number;
  prefix: boolean;
  rank: number;
}

/**
 * Specialties, visit reasons and services whose name (in either language) starts a word with
 * the query or is similar to it. These tables hold tens of rows, so they are read whole.
 */
function referenceQuery(query: string, minScore: number, limit: number): SQL {
  const starts = `${likeEscape(query)}%`;
  const wordStarts = `% ${likeEscape(query)}%`;
  const scored = (table: string, kind: ReferenceKind) => sql`
    select ${kind}::text as kind, t.id, t.slug, t.name_en, t.name_es,
           greatest(word_similarity(${query}, t.search_en), word_similarity(${query}, t.search_es)) as score,
           (t.search_en like ${starts} or t.search_en like ${wordStarts}
            or t.search_es like ${starts} or t.search_es like ${wordStarts}) as prefix
      from ${sql.identifier(table)} t`;
  return sql`
    select * from (
      select *, row_number() over (partition by kind order by prefix desc, score desc, id) as rank
        from (${scored('specialties', 'specialty')} union all ${scored('visit_reasons', 'visitReason')}
              union all ${scored('services', 'service')}) s
       where prefix or score >= ${minScore}) ranked
     where rank <= ${limit}
     order by kind, rank`;
}

/** Which names a typeahead group looks for, and how many it still needs. */
export interface NameQuery {
  /** The folded query names are ranked against: a name (or "surname name") starting with it ranks first. */
  query: string;
  /** The query's words, each a list of accepted spellings: every word must match. */
  words: readonly (readonly string[])[];
  /** Spellings corrected from the vocabulary: every match ranks after the plain ones (tier 4). */
  corrected: boolean;
  /** Already answered by the plain round. */
  excludeIds: readonly number[];
  limit: number;
}

/** Where a typeahead looks: distances from `center`, offices in `country`, a patient's favourites. */
export interface NameScope {
  center?: Point;
  country?: string;
  providerIds?: readonly number[];
  officeIds?: readonly number[];
}

export interface ProviderMatchRow extends ProviderSearchDetailRow {
  tier: number;
  /** Great-circle metres to the nearest office in scope; null without a point or office. */
  meters: number | null;
}

export interface ClinicMatchRow {
  id: number;
  name: string;
  city: string;
  state: string;
  country_code: string;
  tier: number;
  meters: number | null;
}

export interface ProviderSearchDetailRow {
  id: number;
  first_name: string;
  last_name: string;
  title: string;
  gender: 'male' | 'female';
  photo_url: string | null;
  office_name: string | null;
  city: string | null;
  specialty_en: string | null;
  specialty_es: string | null;
}

const contains = (w: string) => `%${likeEscape(w)}%`;
const starts = (w: string) => `${likeEscape(w)}%`;
const startsAWord = (w: string) => `% ${likeEscape(w)}%`;

/**
 * One query word (any of its spellings) matching a name. A word of three letters or more
 * matches inside any name word; a shorter one starts the name or, for providers, the surname
 * ("surname name"), for offices any name word.
 */
function wordMatches(column: SQL, reversed: SQL | undefined, spellings: readonly string[]): SQL {
  const each = spellings.map((w) => {
    if (w.length >= 3) return sql`${column} like ${contains(w)}`;
    return reversed
      ? sql`(${column} like ${starts(w)} or ${reversed} like ${starts(w)})`
      : sql`(${column} like ${starts(w)} or ${column} like ${startsAWord(w)})`;
  });
  return sql`(${sql.join(each, sql` or `)})`;
}

/**
 * The tier of a match: 0 the exact name, 1 a name starting with the query, 2 every word starting
 * a name word, 3 any other match, 4 a match of corrected spellings only.
 */
function tierOf(column: SQL, reversed: SQL | undefined, q: NameQuery): SQL {
  if (q.corrected) return sql`4`;
  const exact = reversed ? sql`${column} = ${q.query} or ${reversed} = ${q.query}` : sql`${column} = ${q.query}`;
  const prefix = reversed
    ? sql`${column} like ${starts(q.query)} or ${reversed} like ${starts(q.query)}`
    : sql`${column} like ${starts(q.query)}`;
  const everyWord = and(q.words.map(([w]) => sql`(${column} like ${starts(w!)} or ${column} like ${startsAWord(w!)})`));
  return sql`case when ${exact} then 0 when ${prefix} then 1 when ${everyWord} then 2 else 3 end`;
}

/** The rows a group's query matches: by every word, or (plain round) by the name's start. */
function nameMatch(column: SQL, reversed: SQL | undefined, q: NameQuery): SQL {
  const words = and(q.words.map((spellings) => wordMatches(column, reversed, spellings)));
  if (q.corrected) return words;
  const prefix = reversed
    ? sql`${column} like ${starts(q.query)} or ${reversed} like ${starts(q.query)}`
    : sql`${column} like ${starts(q.query)}`;
  return sql`(${prefix} or ${words})`;
}

function excluded(column: SQL, ids: readonly number[]): SQL {
  return ids.length ? sql`not (${column} = any(${intArray(ids)}))` : sql`true`;
}

/*
 * Ranking a typeahead group costs per matching row, and a short query ("smi", "li") matches
 * thousands of names at 100k providers. So each query ranks in stages, with PostgreSQL's
 * `fetch first n rows with ties`: first by tier alone (cheap), then, for the rows that can still
 * be among the first n, by distance (one lookup of a provider's offices each), and only then by
 * trigram similarity. `with ties` keeps every row equal to the n-th, so the result is exactly
 * that of one sort by tier, distance, similarity and id. Distances are compared as chords
 * (geo <-> point, the cube's Euclidean distance, which earth_distance() converts with
 * sec_to_gc()): the same order, at a fraction of the cost.
 */

/**
 * The providers a typeahead shows, best first: tier, distance to their nearest office in scope,
 * trigram similarity to the query, id; with what a result shows (primary specialty, nearest
 * office in scope).
 */
function providerMatchesQuery(q: NameQuery, scope: NameScope): SQL {
  const name = sql`p.search_name`;
  const reversed = sql`p.search_name_reversed`;
  const country = scope.country ? sql`and o.country_code = ${scope.country}` : sql``;
  const conditions = [nameMatch(name, reversed, q), excluded(sql`p.id`, q.excludeIds)];
  if (scope.providerIds) conditions.push(sql`p.id = any(${intArray(scope.providerIds)})`);
  if (scope.country) {
    conditions.push(sql`exists (select 1 from provider_offices x join offices o on o.id = x.office_id
                                 where x.provider_id = p.id and o.country_code = ${scope.country})`);
  }
  const tier = tierOf(name, reversed, q);
  const similar = sql`similarity(coalesce(p.search_name, ''), ${q.query})`;
  // Without a point there is no distance to rank by: tier and similarity at once.
  const ranked = scope.center
    ? sql`
    select t.id, t.tier,
           (select min(o.geo <-> ${earthPoint(scope.center)}) from provider_offices x join offices o on o.id = x.office_id
             where x.provider_id = t.id ${country}) as chord
      from (select p.id, ${tier} as tier from providers p where ${and(conditions)}
             order by 2 fetch first ${q.limit} rows with ties) t
     order by 2, 3
     fetch first ${q.limit} rows with ties`
    : sql`
    select p.id, ${tier} as tier, null::float8 as chord from providers p where ${and(conditions)}
     order by 2, ${similar} desc, 1 limit ${q.limit}`;
  const order = scope.center ? sql`o.geo <-> ${earthPoint(scope.center)}` : sql`o.id`;
  return sql`
    select r.tier, r.meters, r.id, r.first_name, r.last_name, r.title, r.gender, r.photo_url,
           spec.name_en as specialty_en, spec.name_es as specialty_es, n.office_name, n.city
      from (select k.id, k.tier, k.chord, sec_to_gc(k.chord) as meters, ${similar} as sim,
                   p.first_name, p.last_name, p.title, p.gender, p.photo_url
              from (${ranked}) k
              join providers p on p.id = k.id
             order by k.tier, k.chord, sim desc, k.id
             limit ${q.limit}) r
      left join lateral (select s.name_en, s.name_es from provider_specialties ps join specialties s on s.id = ps.specialty_id
                          where ps.provider_id = r.id order by ps.is_primary desc, s.id limit 1) spec on true
      left join lateral (select o.name as office_name, o.city
                           from provider_offices x join offices o on o.id = x.office_id
                          where x.provider_id = r.id ${country}
                          order by ${order}, o.id limit 1) n on true
     order by r.tier, r.chord, r.sim desc, r.id`;
}

/**
 * The offices a typeahead shows, best first: tier, distance, trigram similarity to the query, id.
 * Every match is ranked: per-tier nearest-first scans of offices.geo were tried and dropped, as a
 * tier with no match (the planner cannot tell) then walks every office. The first stage reads
 * only offices_search_name_prefix_idx, which carries id, geo and country (migration 0025): an
 * index-only scan of every office's name is cheaper than visiting thousands of wide rows.
 */
function clinicMatchesQuery(q: NameQuery, scope: NameScope): SQL {
  const name = sql`o.search_name`;
  const conditions = [nameMatch(name, undefined, q), excluded(sql`o.id`, q.excludeIds)];
  if (scope.officeIds) conditions.push(sql`o.id = any(${intArray(scope.officeIds)})`);
  if (scope.country) conditions.push(sql`o.country_code = ${scope.country}`);
  const tier = tierOf(name, undefined, q);
  const similar = sql`similarity(coalesce(o.search_name, ''), ${q.query})`;
  const ranked = scope.center
    ? sql`
    select o.id, ${tier} as tier, o.geo <-> ${earthPoint(scope.center)} as chord from offices o where ${and(conditions)}
     order by 2, 3 fetch first ${q.limit} rows with ties`
    : sql`
    select o.id, ${tier} as tier, null::float8 as chord from offices o where ${and(conditions)}
     order by 2, ${similar} desc, 1 limit ${q.limit}`;
  return sql`
    select o.id, o.name, o.city, o.state, o.country_code, k.tier, sec_to_gc(k.chord) as meters, ${similar} as sim
      from (${ranked}) k
      join offices o on o.id = k.id
     order by k.tier, k.chord, sim desc, o.id
     limit ${q.limit}`;
}

/** For the test that checks the staged ranking against one sort. */
export const testing = { tierOf, nameMatch };

/** Rows of a JSON array column: JSON keeps numbers as numbers and text as text, as the drivers do. */
function jsonRows<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

/**
 * One typeahead round in one statement: the reference lists that match, and the providers and
 * clinics asked for, ranked and limited by PostgreSQL (a part not asked for is not read).
 */
export async function searchStatement(input: {
  reference?: { query: string; minScore: number; limit: number };
  providers?: NameQuery;
  clinics?: NameQuery;
  scope: NameScope;
}): Promise<{ reference: ReferenceMatchRow[]; providers: ProviderMatchRow[]; clinics: ClinicMatchRow[] }> {
  const { reference: r, providers, clinics, scope } = input;
  const columns: SQL[] = [];
  if (r) columns.push(sql`(select json_agg(t) from (${referenceQuery(r.query, r.minScore, r.limit)}) t) as reference`);
  if (providers)
    columns.push(sql`(select json_agg(t) from (${providerMatchesQuery(providers, scope)}) t) as providers`);
  if (clinics) columns.push(sql`(select json_agg(t) from (${clinicMatchesQuery(clinics, scope)}) t) as clinics`);
  if (!columns.length) return { reference: [], providers: [], clinics: [] };
  const [row] = await rows<Record<string, unknown>>(sql`select ${sql.join(columns, sql`, `)}`);
  // json_agg keeps its subquery's order.
  return {
    reference: jsonRows<ReferenceMatchRow>(row?.reference).sort(
      (a, b) => a.kind.localeCompare(b.kind) || Number(a.rank) - Number(b.rank),
    ),
    providers: jsonRows<ProviderMatchRow>(row?.providers),
    clinics: jsonRows<ClinicMatchRow>(row?.clinics),
  };
}

/** A known name word near a misspelt one, with its trigram similarity. */
export interface VocabularyRow {
  term: string;
  sim: number;
}

/**
 * Known words a misspelt word may stand for: the vocabulary's words that share a three-letter
 * piece with it or its first two letters (trigram GIN and prefix btree indexes), most similar
 * first, at most `limit` per word. One statement for all words.
 */
export async function vocabularyCandidates(
  words: readonly string[],
  limit: number,
): Promise<Map<string, VocabularyRow[]>> {
  const found = new Map<string, VocabularyRow[]>(words.map((w) => [w, []]));
  if (!words.length) return found;
  const parts = words.map((word, i) => {
    const near = [sql`term like ${starts(word.slice(0, 2))}`];
    for (let at = 0; at + 3 <= word.length; at++) near.push(sql`term like ${contains(word.slice(at, at + 3))}`);
    return sql`(select ${i}::int as word, term, similarity(term, ${word}) as sim
                  from search_terms where ${sql.join(near, sql` or `)}
                 order by 3 desc, term collate "C" limit ${limit})`;
  });
  const list = await rows<{ word: number; term: string; sim: number }>(sql`${sql.join(parts, sql` union all `)}`);
  for (const row of list) found.get(words[Number(row.word)]!)!.push({ term: row.term, sim: Number(row.sim) });
  for (const candidates of found.values()) {
    candidates.sort((a, b) => b.sim - a.sim || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  }
  return found;
}

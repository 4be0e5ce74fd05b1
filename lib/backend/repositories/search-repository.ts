import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { queryRows } from '../../db/raw';
import type { Point } from './discovery-repository';
import { chordOf, metersOfChord } from './listing-tags';
import { earthPoint, limitOf, onceEarthPoint } from './sql-parts';

/*
 * Global search reads. Text is compared in its folded form (discovery_fold: lower-case, no
 * accents, a-z0-9 words), so the search columns and the query agree on one alphabet. Only the
 * trigram *functions* (similarity, word_similarity) are used, never the % / <% operators:
 * those hang on PGlite when cube is loaded too; the GIN trigram indexes are reached through
 * LIKE '%word%' instead, and one- and two-letter words through btree prefix indexes.
 */

async function rows<T>(query: SQL): Promise<T[]> {
  return queryRows<T>(await getDb(), query);
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
  return stripped.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
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

export interface NameScope {
  /** ISO code: only offices in this country. */
  country?: string;
  /** Only this user's favourites. */
  favoritesOf?: string;
}

/** Folded text of the plain alphabet (a-z, 0-9, single inner spaces): its prefixes have a simple range. */
const PLAIN_FOLDED = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/**
 * `column LIKE 'prefix%'` for a btree (text_pattern_ops) index. A plain prefix is written as
 * the range the planner derives from a LIKE constant (prefix <= column < the prefix with its
 * last letter raised, compared byte by byte), which holds exactly the text starting with it.
 * Written out, it also holds in a generic plan, where the planner sees only `$n` and cannot
 * turn a LIKE into a range (it then reached for the trigram index instead).
 */
function startsWith(column: SQL, prefix: string): SQL {
  if (!PLAIN_FOLDED.test(prefix)) return sql`${column} like ${`${likeEscape(prefix)}%`}`;
  const upper = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return sql`(${column} ~>=~ ${unseen(prefix)} and ${column} ~<~ ${unseen(upper)})`;
}

/**
 * A text the planner does not look at (an init plan, worked out once per statement): its
 * estimates are then the same for every search, so the prepared first round's generic plan
 * costs what its custom plans cost and PostgreSQL keeps it instead of planning every call.
 * An index still uses the value (as it does a parameter's).
 */
function unseen(text: string): SQL {
  return sql`(select ${text}::text)`;
}

/** One condition per query word: LIKE '%word%' (trigram GIN) or, for short words, a name or surname prefix (btree). */
function wordConditions(column: SQL, reversed: SQL | undefined, words: readonly string[][]): SQL {
  const perWord = words.map((alternatives) => {
    const options = alternatives.map((word) =>
      word.length >= 3
        ? sql`${column} like ${unseen(`%${likeEscape(word)}%`)}`
        : reversed
          ? sql`(${startsWith(column, word)} or ${startsWith(reversed, word)})`
          : sql`(${startsWith(column, word)} or ${column} like ${unseen(`% ${likeEscape(word)}%`)})`,
    );
    return sql`(${sql.join(options, sql` or `)})`;
  });
  return sql.join(perWord, sql` and `);
}

/** A provider whose name matches: just what ranking needs (details come later, for the few shown). */
export interface ProviderMatchRow {
  id: number;
  search_name: string;
  search_name_reversed: string;
  sim: number;
  meters: number | null;
}

function providerScope(scope: NameScope, id: SQL): SQL {
  const c: SQL[] = [];
  if (scope.country) {
    c.push(sql`exists (select 1 from provider_offices sx join offices so on so.id = sx.office_id
                        where sx.provider_id = ${id} and so.country_code = ${scope.country})`);
  }
  if (scope.favoritesOf) {
    c.push(sql`exists (select 1 from favorites f where f.user_id = ${scope.favoritesOf} and f.provider_id = ${id})`);
  }
  return c.length ? sql` and ${sql.join(c, sql` and `)}` : sql``;
}

/**
 * Chord distance from `center` to the provider's nearest office (in the scope's country): one
 * primary-key range of provider_listings, whose rows carry the office's point.
 */
function nearestChord(center: Point | undefined, scope: NameScope, id: SQL): SQL {
  if (!center) return sql`null::float8`;
  return scope.country
    ? sql`(select min(l.geo <-> ${onceEarthPoint(center)}) from provider_listings l join offices o on o.id = l.office_id
            where l.provider_id = ${id} and o.country_code = ${scope.country})`
    : sql`(select min(l.geo <-> ${onceEarthPoint(center)}) from provider_listings l where l.provider_id = ${id})`;
}

function withMeters<T extends { chord: number | null }>(list: T[]): (Omit<T, 'chord'> & { meters: number | null })[] {
  return list.map(({ chord, ...row }) => ({ ...row, meters: chord === null ? null : metersOfChord(Number(chord)) }));
}

/** Rows of the prefix and word parts of one statement (a `part` column tells them apart). */
function splitParts<T>(list: (T & { part: string })[]): { prefix: T[]; words: T[] } {
  const parts = { prefix: [] as T[], words: [] as T[] };
  for (const { part, ...row } of list) parts[part === 'prefix' ? 'prefix' : 'words'].push(row as T);
  return parts;
}

/**
 * Providers whose whole name or "surname name" starts with `query` (btree), at most
 * `limits.prefix`, and providers whose name matches every word (each word a list of accepted
 * spellings), at most `limits.words`; in no particular order: the caller ranks them. The rows
 * carry a `part` column ('prefix' or 'words'): splitParts() tells them apart.
 */
function providerMatchQuery(
  limits: { prefix?: number; words?: number },
  query: string,
  words: readonly string[][],
  center: Point | undefined,
  scope: NameScope,
): SQL {
  const part = (name: 'prefix' | 'words', match: SQL, limit: number) => sql`(
      select ${name}::text as part, p.id, p.search_name, p.search_name_reversed, similarity(p.search_name, ${query}) as sim,
             ${nearestChord(center, scope, sql`p.id`)} as chord
        from providers p
       where ${match} ${providerScope(scope, sql`p.id`)}
       limit ${limitOf(limit)})`;
  const parts: SQL[] = [];
  if (limits.prefix) {
    parts.push(part('prefix', sql`(${startsWith(sql`p.search_name`, query)} or ${startsWith(sql`p.search_name_reversed`, query)})`, limits.prefix));
  }
  if (limits.words) parts.push(part('words', wordConditions(sql`p.search_name`, sql`p.search_name_reversed`, words), limits.words));
  return sql.join(parts, sql` union all `);
}

/** How many listing rows (provider at office) nearest the point a "names near here" search reads. */
const NEAR_LISTINGS = 1000;

/**
 * Providers near `center` whose name matches every word, nearest first: the name is checked on
 * the NEAR_LISTINGS listing rows nearest the point (a bounded nearest-first scan of one narrow
 * table), so its cost does not grow with the number of providers.
 */
function providerNearQuery(
  query: string,
  words: readonly string[][],
  center: Point,
  radiusMeters: number,
  scope: NameScope,
  limit: number,
): SQL {
  const c = onceEarthPoint(center);
  const country = scope.country
    ? sql`and exists (select 1 from offices o where o.id = near.office_id and o.country_code = ${scope.country})`
    : sql``;
  return sql`
      with near as materialized (
             select provider_id, office_id, search_name, search_name_reversed, geo <-> ${c} as chord
               from provider_listings order by geo <-> ${c} limit ${limitOf(NEAR_LISTINGS)})
      select provider_id as id, search_name, search_name_reversed, similarity(search_name, ${query}) as sim, min(chord) as chord
        from near
       where chord <= ${chordOf(radiusMeters)}::float8
         and ${wordConditions(sql`search_name`, sql`search_name_reversed`, words)} ${country}
             ${scope.favoritesOf ? sql`and exists (select 1 from favorites f where f.user_id = ${scope.favoritesOf} and f.provider_id = near.provider_id)` : sql``}
       group by provider_id, search_name, search_name_reversed
       order by min(chord), provider_id
       limit ${limitOf(limit)}`;
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

/** What a typeahead result shows, for the few providers shown: primary specialty, nearest office (in the scope's country). */
function providerDetailsQuery(ids: readonly number[], center: Point | undefined, scope: NameScope): SQL {
  const order = center ? sql`o.geo <-> ${earthPoint(center)}` : sql`o.id`;
  const country = scope.country ? sql`and o.country_code = ${scope.country}` : sql``;
  return sql`
    select p.id, p.first_name, p.last_name, p.title, p.gender, p.photo_url,
           spec.name_en as specialty_en, spec.name_es as specialty_es, n.office_name, n.city
      from providers p
      left join lateral (select s.name_en, s.name_es from provider_specialties ps join specialties s on s.id = ps.specialty_id
                          where ps.provider_id = p.id order by ps.is_primary desc, s.id limit 1) spec on true
      left join lateral (select o.name as office_name, o.city
                           from provider_offices x join offices o on o.id = x.office_id
                          where x.provider_id = p.id ${country}
                          order by ${order}, o.id limit 1) n on true
     where p.id in (${sql.join(detailIds(ids).map((id) => sql`${id}`), sql`, `)})`;
}

/** How many ids the details statement always takes (a typeahead group shows five). */
const DETAIL_SLOTS = 5;

/**
 * The ids padded with the last one to DETAIL_SLOTS, each its own parameter: one statement text
 * and one row estimate for any number of providers shown, so the prepared round's generic plan
 * costs what its custom plans cost and PostgreSQL keeps it (an `any($1::int[])` array counts as
 * ten rows in a generic plan, twice the custom estimate, and was re-planned on every call).
 * A repeated id matches its row once.
 */
function detailIds(ids: readonly number[]): number[] {
  const valid = ids.filter((id) => Number.isSafeInteger(id));
  if (!valid.length) return [0];
  const padded = [...valid];
  while (padded.length < DETAIL_SLOTS) padded.push(valid[valid.length - 1]!);
  return padded;
}


export interface ClinicMatchRow {
  id: number;
  name: string;
  city: string;
  state: string;
  country_code: string;
  search_name: string;
  sim: number;
  meters: number | null;
}

function clinicScope(scope: NameScope): SQL {
  const c: SQL[] = [];
  if (scope.country) c.push(sql`o.country_code = ${scope.country}`);
  if (scope.favoritesOf) {
    c.push(sql`exists (select 1 from favorites f where f.user_id = ${scope.favoritesOf} and f.office_id = o.id)`);
  }
  return c.length ? sql` and ${sql.join(c, sql` and `)}` : sql``;
}

/** Clinics by name prefix (btree) and by every word, as providerMatchQuery. */
function clinicMatchQuery(
  limits: { prefix?: number; words?: number },
  query: string,
  words: readonly string[][],
  center: Point | undefined,
  scope: NameScope,
): SQL {
  const distance = center ? sql`o.geo <-> ${onceEarthPoint(center)}` : sql`null::float8`;
  const part = (name: 'prefix' | 'words', match: SQL, limit: number, order = sql``) => sql`(
      select ${name}::text as part, o.id, o.name, o.city, o.state, o.country_code, o.search_name,
             similarity(o.search_name, ${query}) as sim, ${distance} as chord
        from offices o
       where ${match} ${clinicScope(scope)}
       ${order}
       limit ${limitOf(limit)})`;
  const parts: SQL[] = [];
  // The first clinics by name (the prefix index's order, which a plan of the bare LIMIT read
  // them in as well), so which ones a common prefix gives does not hang on the plan.
  if (limits.prefix) {
    parts.push(part('prefix', startsWith(sql`o.search_name`, query), limits.prefix, sql`order by o.search_name using ~<~, o.id`));
  }
  if (limits.words) parts.push(part('words', wordConditions(sql`o.search_name`, undefined, words), limits.words));
  return sql.join(parts, sql` union all `);
}

/** How many nearest offices a typeahead looks through for common clinic names. */
const NEAR_OFFICES = 500;

/**
 * Offices near `center` whose name matches every word, nearest first, among the NEAR_OFFICES
 * nearest (a plain nearest-neighbour GiST scan with a LIMIT: its cost does not grow with
 * density; an earth_box condition would make the planner read the whole box).
 */
function clinicNearQuery(
  query: string,
  words: readonly string[][],
  center: Point,
  radiusMeters: number,
  scope: NameScope,
  limit: number,
): SQL {
  const c = onceEarthPoint(center);
  return sql`
      with o as materialized (
             select id, name, city, state, country_code, search_name, geo <-> ${c} as chord
               from offices ${scope.country ? sql`where country_code = ${scope.country}` : sql``}
              order by geo <-> ${c} limit ${limitOf(NEAR_OFFICES)})
      select o.id, o.name, o.city, o.state, o.country_code, o.search_name, similarity(o.search_name, ${query}) as sim, o.chord
        from o
       where o.chord <= ${chordOf(radiusMeters)}::float8
         and ${wordConditions(sql`o.search_name`, undefined, words)}
             ${clinicScope({ favoritesOf: scope.favoritesOf })}
       order by o.chord, o.id
       limit ${limitOf(limit)}`;
}

/** A text[] literal (each element quoted), for one array parameter. */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/**
 * Known name words that could be a misspelling of each of `words`: those sharing a trigram with
 * it or its first two letters, with their trigram similarity, best first, at most `limit` per
 * word; one JSON array per word, in the order given. The vocabulary holds the distinct words of
 * all names, so it stays small however many providers there are and is read whole. The words
 * and their patterns are two array parameters, so the statement text is the same for any number
 * of words and the prepared first round has few shapes (each planned once per connection);
 * `offset 0` makes each word's pattern list once, not on every vocabulary row.
 */
function vocabularyQuery(words: readonly string[], limit: number): SQL {
  const patterns = words.map((word) => {
    const grams = new Set<string>();
    for (let i = 0; i + 3 <= word.length; i++) grams.add(word.slice(i, i + 3));
    // Space-separated: a word (a piece of the folded query between spaces) holds none.
    return [...[...grams].map((g) => `%${likeEscape(g)}%`), `${likeEscape(word.slice(0, 2))}%`].join(' ');
  });
  return sql`
    select coalesce(json_agg(v.candidates order by w.n), '[]'::json)
      from unnest((select ${textArray(words)}::text[])::text[], (select ${textArray(patterns)}::text[])::text[])
           with ordinality as w(word, patterns, n)
     cross join lateral (
           select coalesce(json_agg(t), '[]'::json) as candidates
             from (select term, similarity(term, w.word) as sim
                     from (select string_to_array(w.patterns, ' ') as list offset 0) p, search_terms
                    where term like any(p.list)
                    order by sim desc, term
                    limit ${limitOf(limit)}) t) v`;
}

// ---------------------------------------------------------------------------------------------
// Rounds: a typeahead sends its statements in at most three round trips. Each round is one
// statement whose single row carries every part's rows as a JSON array; each part is planned
// and run as it would be on its own (a scalar subquery), so the rows are the same. On this
// API's hot path a round trip costs more than the statements in it (README "Decisions").
// ---------------------------------------------------------------------------------------------

export interface VocabularyRow {
  term: string;
  sim: number;
}

export interface ProviderMatches {
  prefix: ProviderMatchRow[];
  words: ProviderMatchRow[];
}

export interface ClinicMatches {
  prefix: ClinicMatchRow[];
  words: ClinicMatchRow[];
}

/** Rows of a JSON array column: JSON keeps numbers as numbers and text as text, as the drivers do. */
function jsonRows<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

function aggregated(query: SQL): SQL {
  return sql`(select json_agg(t) from (${query}) t)`;
}

export interface NameSearchInput {
  /** Folded query without honorifics (providers) and as typed (clinics). */
  providerQuery: string;
  clinicQuery: string;
  words: readonly string[][];
  center: Point | undefined;
  scope: NameScope;
  limits: { prefix: number; words: number };
}

/**
 * Round one: the reference lists, the provider and clinic name matches, and, only when either
 * group has fewer than `vocabulary.below` distinct matches (so typo corrections will be
 * needed), the vocabulary candidates of `vocabulary.words`.
 */
export async function searchFirstRound(input: {
  reference: { query: string; minScore: number; limit: number };
  names?: NameSearchInput;
  vocabulary: { words: readonly string[]; limit: number; below: number };
}): Promise<{
  reference: ReferenceMatchRow[];
  providers: ProviderMatches;
  clinics: ClinicMatches;
  vocabulary?: Map<string, VocabularyRow[]>;
}> {
  const { names } = input;
  const vocabularyWords = names ? [...new Set(input.vocabulary.words)] : [];
  const ctes: SQL[] = [];
  const columns: SQL[] = [sql`${aggregated(referenceQuery(input.reference.query, input.reference.minScore, input.reference.limit))} as reference`];
  if (names) {
    ctes.push(sql`pm as (${providerMatchQuery(names.limits, names.providerQuery, names.words, names.center, names.scope)})`);
    ctes.push(sql`cm as (${clinicMatchQuery(names.limits, names.clinicQuery, names.words, names.center, names.scope)})`);
    columns.push(sql`(select json_agg(pm) from pm) as providers`, sql`(select json_agg(cm) from cm) as clinics`);
    const few = sql`((select count(distinct id) from pm) < ${input.vocabulary.below} or (select count(distinct id) from cm) < ${input.vocabulary.below})`;
    // Always there (an empty list of words reads nothing), so the text does not depend on it.
    columns.push(sql`case when ${few} then (${vocabularyQuery(vocabularyWords, input.vocabulary.limit)}) end as vocabulary`);
  }
  // A named prepared statement when every prefix is plain (startsWith writes out its range):
  // planning this statement cost about half as much as running it. The patterns are unseen()
  // and the limits in the text, so every search plans alike (the same indexes as before) and
  // PostgreSQL keeps the generic plan after its first few runs. Which rows a LIMIT keeps does
  // not hang on the plan: bitmap scans read in table order, the clinic prefix part is ordered.
  // PGlite ignores it.
  const prepared = !names || [names.providerQuery, names.clinicQuery, ...names.words.flat()].every((t) => PLAIN_FOLDED.test(t));
  const [row] = await queryRows<Record<string, unknown>>(
    await getDb(),
    sql`${ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}select ${sql.join(columns, sql`, `)}`,
    { prepared },
  );
  const reference = jsonRows<ReferenceMatchRow>(row?.reference).sort(
    (a, b) => a.kind.localeCompare(b.kind) || Number(a.rank) - Number(b.rank),
  );
  let vocabulary: Map<string, VocabularyRow[]> | undefined;
  if (vocabularyWords.length && row?.vocabulary !== null && row?.vocabulary !== undefined) {
    const perWord = jsonRows<VocabularyRow[]>(row.vocabulary);
    vocabulary = new Map(vocabularyWords.map((word, i) => [word, perWord[i] ?? []]));
  }
  return {
    reference,
    providers: splitParts(withMeters(jsonRows<Omit<ProviderMatchRow, 'meters'> & { chord: number | null; part: string }>(row?.providers))),
    clinics: splitParts(withMeters(jsonRows<Omit<ClinicMatchRow, 'meters'> & { chord: number | null; part: string }>(row?.clinics))),
    vocabulary,
  };
}

/** What a later round may ask for; every part is optional. */
export interface SearchRoundParts {
  /** Providers near the point whose name matches every word (common names). */
  providersNear?: { query: string; words: readonly string[][]; center: Point; radiusMeters: number; scope: NameScope; limit: number };
  /** Providers whose name matches every word (with corrected spellings). */
  providerWords?: { query: string; words: readonly string[][]; center: Point | undefined; scope: NameScope; limit: number };
  clinicsNear?: { query: string; words: readonly string[][]; center: Point; radiusMeters: number; scope: NameScope; limit: number };
  clinicWords?: { query: string; words: readonly string[][]; center: Point | undefined; scope: NameScope; limit: number };
  /** The card details of the providers shown. */
  providerDetails?: { ids: readonly number[]; center: Point | undefined; scope: NameScope };
}

export interface SearchRoundRows {
  providersNear?: ProviderMatchRow[];
  providerWords?: ProviderMatchRow[];
  clinicsNear?: ClinicMatchRow[];
  clinicWords?: ClinicMatchRow[];
  providerDetails?: ProviderSearchDetailRow[];
}

/**
 * A later round: the parts asked for, in one statement (none asked: no statement). It goes out
 * as a named prepared statement: the nearest-first and details parts plan the same whatever
 * their parameters (GiST order, primary keys), and so do the word matches (startsWith, unseen),
 * so PostgreSQL keeps one generic plan per shape instead of planning each call (0.5-1.2 ms, more
 * than the details take to run).
 */
export async function searchRound(parts: SearchRoundParts): Promise<SearchRoundRows> {
  const columns: SQL[] = [];
  const p = parts;
  if (p.providersNear) {
    const n = p.providersNear;
    columns.push(sql`${aggregated(providerNearQuery(n.query, n.words, n.center, n.radiusMeters, n.scope, n.limit))} as providers_near`);
  }
  if (p.providerWords) {
    const w = p.providerWords;
    columns.push(sql`${aggregated(providerMatchQuery({ words: w.limit }, w.query, w.words, w.center, w.scope))} as provider_words`);
  }
  if (p.clinicsNear) {
    const n = p.clinicsNear;
    columns.push(sql`${aggregated(clinicNearQuery(n.query, n.words, n.center, n.radiusMeters, n.scope, n.limit))} as clinics_near`);
  }
  if (p.clinicWords) {
    const w = p.clinicWords;
    columns.push(sql`${aggregated(clinicMatchQuery({ words: w.limit }, w.query, w.words, w.center, w.scope))} as clinic_words`);
  }
  if (p.providerDetails?.ids.length) {
    const d = p.providerDetails;
    columns.push(sql`${aggregated(providerDetailsQuery(d.ids, d.center, d.scope))} as provider_details`);
  }
  const out: SearchRoundRows = {};
  if (p.providerDetails && !p.providerDetails.ids.length) out.providerDetails = [];
  if (!columns.length) return out;
  // The word matches compare with unseen() patterns and written-out prefix ranges, so they plan
  // alike for any word too; only a prefix that is not plain text (a LIKE) needs its constant.
  const words = [...(p.providerWords?.words ?? []), ...(p.clinicWords?.words ?? [])].flat();
  const prepared = words.every((w) => PLAIN_FOLDED.test(w));
  const [row] = await queryRows<Record<string, unknown>>(await getDb(), sql`select ${sql.join(columns, sql`, `)}`, { prepared });
  type Matched<T> = Omit<T, 'meters'> & { chord: number | null; part?: string };
  const matches = <T,>(value: unknown) =>
    withMeters(jsonRows<Matched<T>>(value)).map(({ part: _part, ...rest }) => rest as unknown as T);
  if (p.providersNear) out.providersNear = matches<ProviderMatchRow>(row?.providers_near);
  if (p.providerWords) out.providerWords = matches<ProviderMatchRow>(row?.provider_words);
  if (p.clinicsNear) out.clinicsNear = matches<ClinicMatchRow>(row?.clinics_near);
  if (p.clinicWords) out.clinicWords = matches<ClinicMatchRow>(row?.clinic_words);
  if (p.providerDetails?.ids.length) out.providerDetails = jsonRows<ProviderSearchDetailRow>(row?.provider_details);
  return out;
}

import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { queryRows } from '../../db/raw';
import type { Point } from './discovery-repository';
import { chordOf, metersOfChord } from './listing-tags';

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

/** Fixed-shape queries run on every keystroke: named prepared statements (lib/db/raw.ts). */
async function preparedRows<T>(query: SQL): Promise<T[]> {
  return queryRows<T>(await getDb(), query, { prepared: true });
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
}

/**
 * Specialties, visit reasons and services whose name (in either language) starts a word with
 * the query or is similar to it. These tables hold tens of rows, so they are read whole.
 */
export async function searchReference(query: string, minScore: number, limit: number): Promise<ReferenceMatchRow[]> {
  const starts = `${likeEscape(query)}%`;
  const wordStarts = `% ${likeEscape(query)}%`;
  const scored = (table: string, kind: ReferenceKind) => sql`
    select ${kind}::text as kind, t.id, t.slug, t.name_en, t.name_es,
           greatest(word_similarity(${query}, t.search_en), word_similarity(${query}, t.search_es)) as score,
           (t.search_en like ${starts} or t.search_en like ${wordStarts}
            or t.search_es like ${starts} or t.search_es like ${wordStarts}) as prefix
      from ${sql.identifier(table)} t`;
  return preparedRows(sql`
    select * from (
      select *, row_number() over (partition by kind order by prefix desc, score desc, id) as rank
        from (${scored('specialties', 'specialty')} union all ${scored('visit_reasons', 'visitReason')}
              union all ${scored('services', 'service')}) s
       where prefix or score >= ${minScore}) ranked
     where rank <= ${limit}
     order by kind, rank`);
}

export interface NameScope {
  /** ISO code: only offices in this country. */
  country?: string;
  /** Only this user's favourites. */
  favoritesOf?: string;
}

/** One condition per query word: LIKE '%word%' (trigram GIN) or, for short words, a name or surname prefix (btree). */
function wordConditions(column: SQL, reversed: SQL | undefined, words: readonly string[][]): SQL {
  const perWord = words.map((alternatives) => {
    const options = alternatives.map((word) =>
      word.length >= 3
        ? sql`${column} like ${`%${likeEscape(word)}%`}`
        : reversed
          ? sql`(${column} like ${`${likeEscape(word)}%`} or ${reversed} like ${`${likeEscape(word)}%`})`
          : sql`(${column} like ${`${likeEscape(word)}%`} or ${column} like ${`% ${likeEscape(word)}%`})`,
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

function earthPoint(center: Point): SQL {
  return sql`ll_to_earth(${center.lat}::float8, ${center.lng}::float8)`;
}

/**
 * Chord distance from `center` to the provider's nearest office (in the scope's country): one
 * primary-key range of provider_listings, whose rows carry the office's point.
 */
function nearestChord(center: Point | undefined, scope: NameScope, id: SQL): SQL {
  if (!center) return sql`null::float8`;
  return scope.country
    ? sql`(select min(l.geo <-> ${earthPoint(center)}) from provider_listings l join offices o on o.id = l.office_id
            where l.provider_id = ${id} and o.country_code = ${scope.country})`
    : sql`(select min(l.geo <-> ${earthPoint(center)}) from provider_listings l where l.provider_id = ${id})`;
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
 * In one statement: providers whose whole name or "surname name" starts with `query` (btree),
 * at most `limits.prefix`, and providers whose name matches every word (each word a list of
 * accepted spellings), at most `limits.words`; in no particular order: the caller ranks them.
 */
export async function matchProviders(
  limits: { prefix?: number; words?: number },
  query: string,
  words: readonly string[][],
  center: Point | undefined,
  scope: NameScope,
): Promise<{ prefix: ProviderMatchRow[]; words: ProviderMatchRow[] }> {
  const starts = `${likeEscape(query)}%`;
  const part = (name: 'prefix' | 'words', match: SQL, limit: number) => sql`(
      select ${name}::text as part, p.id, p.search_name, p.search_name_reversed, similarity(p.search_name, ${query}) as sim,
             ${nearestChord(center, scope, sql`p.id`)} as chord
        from providers p
       where ${match} ${providerScope(scope, sql`p.id`)}
       limit ${limit})`;
  const parts: SQL[] = [];
  if (limits.prefix) parts.push(part('prefix', sql`(p.search_name like ${starts} or p.search_name_reversed like ${starts})`, limits.prefix));
  if (limits.words) parts.push(part('words', wordConditions(sql`p.search_name`, sql`p.search_name_reversed`, words), limits.words));
  const list = await rows<Omit<ProviderMatchRow, 'meters'> & { chord: number | null; part: string }>(sql.join(parts, sql` union all `));
  return splitParts(withMeters(list));
}

/** How many listing rows (provider at office) nearest the point a "names near here" search reads. */
const NEAR_LISTINGS = 1000;

/**
 * Providers near `center` whose name matches every word, nearest first: the name is checked on
 * the NEAR_LISTINGS listing rows nearest the point (a bounded nearest-first scan of one narrow
 * table), so its cost does not grow with the number of providers.
 */
export async function matchProvidersNear(
  query: string,
  words: readonly string[][],
  center: Point,
  radiusMeters: number,
  scope: NameScope,
  limit: number,
): Promise<ProviderMatchRow[]> {
  const c = earthPoint(center);
  const country = scope.country
    ? sql`and exists (select 1 from offices o where o.id = near.office_id and o.country_code = ${scope.country})`
    : sql``;
  return withMeters(
    await rows<Omit<ProviderMatchRow, 'meters'> & { chord: number | null }>(sql`
      with near as materialized (
             select provider_id, office_id, search_name, search_name_reversed, geo <-> ${c} as chord
               from provider_listings order by geo <-> ${c} limit ${NEAR_LISTINGS})
      select provider_id as id, search_name, search_name_reversed, similarity(search_name, ${query}) as sim, min(chord) as chord
        from near
       where chord <= ${chordOf(radiusMeters)}::float8
         and ${wordConditions(sql`search_name`, sql`search_name_reversed`, words)} ${country}
             ${scope.favoritesOf ? sql`and exists (select 1 from favorites f where f.user_id = ${scope.favoritesOf} and f.provider_id = near.provider_id)` : sql``}
       group by provider_id, search_name, search_name_reversed
       order by min(chord), provider_id
       limit ${limit}`),
  );
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
export async function providerSearchDetails(ids: readonly number[], center: Point | undefined, scope: NameScope): Promise<ProviderSearchDetailRow[]> {
  if (!ids.length) return [];
  const order = center ? sql`o.geo <-> ${earthPoint(center)}` : sql`o.id`;
  const country = scope.country ? sql`and o.country_code = ${scope.country}` : sql``;
  return preparedRows(sql`
    select p.id, p.first_name, p.last_name, p.title, p.gender, p.photo_url,
           spec.name_en as specialty_en, spec.name_es as specialty_es, n.office_name, n.city
      from providers p
      left join lateral (select s.name_en, s.name_es from provider_specialties ps join specialties s on s.id = ps.specialty_id
                          where ps.provider_id = p.id order by ps.is_primary desc, s.id limit 1) spec on true
      left join lateral (select o.name as office_name, o.city
                           from provider_offices x join offices o on o.id = x.office_id
                          where x.provider_id = p.id ${country}
                          order by ${order}, o.id limit 1) n on true
     where p.id = any(${`{${ids.filter((id) => Number.isSafeInteger(id)).join(',')}}`}::int[])`);
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

/** Clinics by name prefix (btree) and by every word, in one statement, as matchProviders. */
export async function matchClinics(
  limits: { prefix?: number; words?: number },
  query: string,
  words: readonly string[][],
  center: Point | undefined,
  scope: NameScope,
): Promise<{ prefix: ClinicMatchRow[]; words: ClinicMatchRow[] }> {
  const distance = center ? sql`o.geo <-> ${earthPoint(center)}` : sql`null::float8`;
  const part = (name: 'prefix' | 'words', match: SQL, limit: number) => sql`(
      select ${name}::text as part, o.id, o.name, o.city, o.state, o.country_code, o.search_name,
             similarity(o.search_name, ${query}) as sim, ${distance} as chord
        from offices o
       where ${match} ${clinicScope(scope)}
       limit ${limit})`;
  const parts: SQL[] = [];
  if (limits.prefix) parts.push(part('prefix', sql`o.search_name like ${`${likeEscape(query)}%`}`, limits.prefix));
  if (limits.words) parts.push(part('words', wordConditions(sql`o.search_name`, undefined, words), limits.words));
  const list = await rows<Omit<ClinicMatchRow, 'meters'> & { chord: number | null; part: string }>(sql.join(parts, sql` union all `));
  return splitParts(withMeters(list));
}

/** How many nearest offices a typeahead looks through for common clinic names. */
const NEAR_OFFICES = 500;

/**
 * Offices near `center` whose name matches every word, nearest first, among the NEAR_OFFICES
 * nearest (a plain nearest-neighbour GiST scan with a LIMIT: its cost does not grow with
 * density; an earth_box condition would make the planner read the whole box).
 */
export async function matchClinicsNear(
  query: string,
  words: readonly string[][],
  center: Point,
  radiusMeters: number,
  scope: NameScope,
  limit: number,
): Promise<ClinicMatchRow[]> {
  const c = earthPoint(center);
  return withMeters(
    await rows<Omit<ClinicMatchRow, 'meters'> & { chord: number | null }>(sql`
      with o as materialized (
             select id, name, city, state, country_code, search_name, geo <-> ${c} as chord
               from offices ${scope.country ? sql`where country_code = ${scope.country}` : sql``}
              order by geo <-> ${c} limit ${NEAR_OFFICES})
      select o.id, o.name, o.city, o.state, o.country_code, o.search_name, similarity(o.search_name, ${query}) as sim, o.chord
        from o
       where o.chord <= ${chordOf(radiusMeters)}::float8
         and ${wordConditions(sql`o.search_name`, undefined, words)}
             ${clinicScope({ favoritesOf: scope.favoritesOf })}
       order by o.chord, o.id
       limit ${limit}`),
  );
}

/**
 * Known name words that could be a misspelling of `word`: those sharing a trigram with it
 * (GIN) or its first two letters (btree), with their trigram similarity. The vocabulary holds
 * the distinct words of all names, so this stays small however many providers there are.
 */
export async function vocabularyCandidates(word: string, limit: number): Promise<{ term: string; sim: number }[]> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= word.length; i++) grams.add(word.slice(i, i + 3));
  const conditions = [...grams].map((g) => sql`term like ${`%${likeEscape(g)}%`}`);
  conditions.push(sql`term like ${`${likeEscape(word.slice(0, 2))}%`}`);
  return rows(sql`
    select term, similarity(term, ${word}) as sim
      from search_terms
     where ${sql.join(conditions, sql` or `)}
     order by sim desc, term
     limit ${limit}`);
}

import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { queryRows } from '../../db/raw';
import type { Point } from './discovery-repository';

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

export async function fold(text: string): Promise<string> {
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
  return rows(sql`
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

export interface ProviderMatchRow {
  id: number;
  first_name: string;
  last_name: string;
  title: string;
  gender: 'male' | 'female';
  photo_url: string | null;
  search_name: string;
  search_name_reversed: string;
  sim: number;
  meters: number | null;
  office_name: string | null;
  city: string | null;
  specialty_en: string | null;
  specialty_es: string | null;
}

function providerScope(scope: NameScope): SQL {
  const c: SQL[] = [];
  if (scope.country) {
    c.push(sql`exists (select 1 from provider_offices sx join offices so on so.id = sx.office_id
                        where sx.provider_id = p.id and so.country_code = ${scope.country})`);
  }
  if (scope.favoritesOf) {
    c.push(sql`exists (select 1 from favorites f where f.user_id = ${scope.favoritesOf} and f.provider_id = p.id)`);
  }
  return c.length ? sql` and ${sql.join(c, sql` and `)}` : sql``;
}

const providerMatchColumns = (query: string) => sql`
  p.id, p.first_name, p.last_name, p.title, p.gender, p.photo_url, p.search_name, p.search_name_reversed,
  similarity(p.search_name, ${query}) as sim,
  spec.name_en as specialty_en, spec.name_es as specialty_es`;

const primarySpecialty = sql`
  left join lateral (select s.name_en, s.name_es from provider_specialties ps join specialties s on s.id = ps.specialty_id
                      where ps.provider_id = p.id order by ps.is_primary desc, s.id limit 1) spec on true`;

function nearestOffice(center: Point | undefined, scope: NameScope): SQL {
  const distance = center ? sql`earth_distance(o.geo, ll_to_earth(${center.lat}::float8, ${center.lng}::float8))` : sql`null::float8`;
  const country = scope.country ? sql`and o.country_code = ${scope.country}` : sql``;
  return sql`
    left join lateral (select o.name as office_name, o.city, ${distance} as meters
                         from provider_offices x join offices o on o.id = x.office_id
                        where x.provider_id = p.id ${country}
                        order by 3 nulls last, o.id limit 1) n on true`;
}

/**
 * Providers whose whole name or "surname name" starts with `query` (mode prefix, btree), or
 * whose name matches every word (mode words; each word a list of accepted spellings). At most
 * `limit` rows, in no particular order: the caller ranks them.
 */
export async function matchProviders(
  mode: 'prefix' | 'words',
  query: string,
  words: readonly string[][],
  center: Point | undefined,
  scope: NameScope,
  limit: number,
): Promise<ProviderMatchRow[]> {
  const starts = `${likeEscape(query)}%`;
  const match =
    mode === 'prefix'
      ? sql`(p.search_name like ${starts} or p.search_name_reversed like ${starts})`
      : wordConditions(sql`p.search_name`, sql`p.search_name_reversed`, words);
  return rows(sql`
    select ${providerMatchColumns(query)}, n.meters, n.office_name, n.city
      from providers p
      ${primarySpecialty}
      ${nearestOffice(center, scope)}
     where ${match} ${providerScope(scope)}
     limit ${limit}`);
}

/**
 * Offices nearest to `center` (at most `offices`, within `radiusMeters`), as a CTE named o: a
 * plain nearest-neighbour GiST scan with a LIMIT, so its cost does not grow with density
 * (an earth_box condition would make the planner read the whole box; see nearestFirst()).
 */
function nearestOffices(center: Point, radiusMeters: number, offices: number, country: string | undefined): SQL {
  const c = sql`ll_to_earth(${center.lat}::float8, ${center.lng}::float8)`;
  return sql`
    with near as materialized (
           select id, name, city, state, country_code, search_name, geo, earth_distance(geo, ${c}) as meters
             from offices ${country ? sql`where country_code = ${country}` : sql``}
            order by geo <-> ${c} limit ${offices}),
         o as (select * from near where meters <= ${radiusMeters}::float8)`;
}

/** How many nearest offices a typeahead looks through for common names. */
const NEAR_OFFICES = 500;

/** Providers near `center` whose name matches every word, nearest first. */
export async function matchProvidersNear(
  query: string,
  words: readonly string[][],
  center: Point,
  radiusMeters: number,
  scope: NameScope,
  limit: number,
): Promise<ProviderMatchRow[]> {
  return rows(sql`
    ${nearestOffices(center, radiusMeters, NEAR_OFFICES, scope.country)}
    select ${providerMatchColumns(query)}, o.meters, o.name as office_name, o.city
      from o
      join provider_offices po on po.office_id = o.id
      join providers p on p.id = po.provider_id
      ${primarySpecialty}
     where ${wordConditions(sql`p.search_name`, sql`p.search_name_reversed`, words)}
           ${providerScope({ favoritesOf: scope.favoritesOf })}
     order by o.meters, p.id
     limit ${limit}`);
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

export async function matchClinics(
  mode: 'prefix' | 'words',
  query: string,
  words: readonly string[][],
  center: Point | undefined,
  scope: NameScope,
  limit: number,
): Promise<ClinicMatchRow[]> {
  const distance = center ? sql`earth_distance(o.geo, ll_to_earth(${center.lat}::float8, ${center.lng}::float8))` : sql`null::float8`;
  const match =
    mode === 'prefix' ? sql`o.search_name like ${`${likeEscape(query)}%`}` : wordConditions(sql`o.search_name`, undefined, words);
  return rows(sql`
    select o.id, o.name, o.city, o.state, o.country_code, o.search_name, similarity(o.search_name, ${query}) as sim,
           ${distance} as meters
      from offices o
     where ${match} ${clinicScope(scope)}
     limit ${limit}`);
}

export async function matchClinicsNear(
  query: string,
  words: readonly string[][],
  center: Point,
  radiusMeters: number,
  scope: NameScope,
  limit: number,
): Promise<ClinicMatchRow[]> {
  return rows(sql`
    ${nearestOffices(center, radiusMeters, NEAR_OFFICES, scope.country)}
    select o.id, o.name, o.city, o.state, o.country_code, o.search_name, similarity(o.search_name, ${query}) as sim,
           o.meters
      from o
     where ${wordConditions(sql`o.search_name`, undefined, words)}
           ${clinicScope({ favoritesOf: scope.favoritesOf })}
     order by o.meters, o.id
     limit ${limit}`);
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

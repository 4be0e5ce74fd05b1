import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { queryRows } from '../../db/raw';
import type { Point } from './listings-repository';
import { earthPoint, intArray } from '../sql/sql-parts';
import { changeId, latestDiscoveryChange } from '../discovery-changes/discovery-changes-repository';

/** What the typeahead's name index is built from (lib/backend/search/name-index.ts). */
export interface NameIndexRows {
  providers: readonly { id: number; search_name: string | null; search_name_reversed: string | null }[];
  offices: readonly {
    id: number;
    name: string;
    city: string;
    state: string;
    country_code: string;
    search_name: string | null;
    latitude: number;
    longitude: number;
  }[];
  providerOffices: readonly { provider_id: number; office_id: number }[];
  /** search_terms: the distinct name words of three letters or more, ever seen. */
  vocabulary: readonly string[];
}

/*
 * Global search reads. Text is compared in its folded form (discovery_fold: lower-case, no
 * accents, a-z0-9 words), so the search columns and the query agree on one alphabet. Provider
 * and office names are matched in the server's name index (lib/backend/search/name-index.ts),
 * which these functions fill and keep current; the reference lists (tens of rows) are matched
 * here with the trigram *functions* (word_similarity), never the % / <% operators: those hang
 * on PGlite when cube is loaded too.
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
function providerDetailsQuery(ids: readonly number[], center: Point | undefined, scope: { country?: string }): SQL {
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



/** Rows of a JSON array column: JSON keeps numbers as numbers and text as text, as the drivers do. */
function jsonRows<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

/** The index's provider, office and provider-office rows: all of them, or only those of some ids. */
async function nameRows(only?: { providerIds: readonly number[]; officeIds: readonly number[] }): Promise<Omit<NameIndexRows, 'vocabulary'>> {
  const db = await executor();
  const read = <T>(column: string, ids: readonly number[] | undefined, query: SQL, order: SQL) => {
    if (!only) return queryRows<T>(db, sql`${query} ${order}`);
    return ids!.length ? queryRows<T>(db, sql`${query} where ${sql.identifier(column)} = any(${intArray(ids!)}) ${order}`) : Promise.resolve([]);
  };
  const [providers, offices, providerOffices] = await Promise.all([
    read<NameIndexRows['providers'][number]>('id', only?.providerIds, sql`select id, search_name, search_name_reversed from providers`, sql`order by id`),
    read<NameIndexRows['offices'][number]>(
      'id',
      only?.officeIds,
      sql`select id, name, city, state, country_code, search_name, latitude, longitude from offices`,
      sql`order by id`,
    ),
    read<NameIndexRows['providerOffices'][number]>(
      'provider_id',
      only?.providerIds,
      sql`select provider_id, office_id from provider_offices`,
      sql`order by provider_id, office_id`,
    ),
  ]);
  return { providers, offices, providerOffices };
}

/**
 * Everything the name index holds, and the change feed's position read *before* it: a change
 * made while these rows are read shows as a newer position on the next search.
 */
export async function loadNameIndexRows(): Promise<{ rows: NameIndexRows; version: number | null }> {
  const db = await executor();
  const version = await latestDiscoveryChange();
  const [rows, vocabulary] = await Promise.all([nameRows(), queryRows<{ term: string }>(db, sql`select term from search_terms order by term`)]);
  return { rows: { ...rows, vocabulary: vocabulary.map((v) => v.term) }, version };
}

/** The same rows for a few providers and offices (to tell whether a change touched names or places). */
export function loadNameIndexDelta(providerIds: readonly number[], officeIds: readonly number[]): Promise<Omit<NameIndexRows, 'vocabulary'>> {
  return nameRows({ providerIds, officeIds });
}

/**
 * A typeahead's one statement: the reference lists that match, the details of the providers
 * shown (none asked: none read), and the change feed's position, which tells the caller
 * whether its name index is still current. A named prepared statement: every part plans the
 * same whatever its parameters (small tables read whole, primary keys).
 */
export async function searchStatement(input: {
  reference: { query: string; minScore: number; limit: number };
  providerDetails: { ids: readonly number[]; center: Point | undefined; country?: string };
}): Promise<{ reference: ReferenceMatchRow[]; providerDetails: ProviderSearchDetailRow[]; version: number | null }> {
  const { reference: r, providerDetails: d } = input;
  const columns = [
    sql`(select json_agg(t) from (${referenceQuery(r.query, r.minScore, r.limit)}) t) as reference`,
    sql`(select max(id) from discovery_changes) as version`,
  ];
  if (d.ids.length) {
    columns.push(sql`(select json_agg(t) from (${providerDetailsQuery(d.ids, d.center, { country: d.country })}) t) as provider_details`);
  }
  const [row] = await queryRows<Record<string, unknown>>(await executor(), sql`select ${sql.join(columns, sql`, `)}`, { prepared: true });
  return {
    reference: jsonRows<ReferenceMatchRow>(row?.reference).sort((a, b) => a.kind.localeCompare(b.kind) || Number(a.rank) - Number(b.rank)),
    providerDetails: d.ids.length ? jsonRows<ProviderSearchDetailRow>(row?.provider_details) : [],
    version: changeId(row?.version),
  };
}

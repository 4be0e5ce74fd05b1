import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/raw';
import { executor } from '../../db/transaction';
import { and, earthPoint, intArray, preparedRows, rows } from '../sql/sql-parts';
import type { BusinessHoursRow } from '../../db/schema';
import type { TagFilters } from '../sql/listing-tags';

/*
 * Discovery reads. Hand-written SQL because the queries lean on PostgreSQL features Drizzle's
 * builder does not express (earthdistance, trigram functions, LATERAL); every value is a bound
 * parameter. Distances: earth_box() @> geo is the GiST-indexed radius prefilter, earth_distance()
 * the exact metres, and ORDER BY geo <-> point a nearest-first GiST scan that stops at LIMIT.
 */

export interface Point {
  lat: number;
  lng: number;
}

// ---------------------------------------------------------------------------------------------
// Listings
// ---------------------------------------------------------------------------------------------

interface SlugIds {
  specialty: Map<string, number>;
  visitReason: Map<string, number>;
  service: Map<string, number>;
  at: number;
}

const slugIdsByDb = new WeakMap<object, SlugIds>();
const SLUG_IDS_MAX_AGE_MS = 5 * 60_000;

/**
 * Every slug's id of the three reference lists a listing filters by (tens of rows), read at
 * most every five minutes per process. Reference rows are only ever added (the seed inserts
 * them once, ids never change), so a known slug's id is never stale; a slug it does not know
 * is looked up again at once (findFilterIds).
 */
async function slugIds(): Promise<SlugIds> {
  const db = await executor();
  const cached = slugIdsByDb.get(db);
  if (cached && Date.now() - cached.at < SLUG_IDS_MAX_AGE_MS) return cached;
  const list = await queryRows<{ kind: keyof Omit<SlugIds, 'at'>; id: number; slug: string }>(
    db,
    sql`select 'specialty' as kind, id, slug from specialties
        union all select 'visitReason', id, slug from visit_reasons
        union all select 'service', id, slug from services`,
  );
  const ids: SlugIds = { specialty: new Map(), visitReason: new Map(), service: new Map(), at: Date.now() };
  for (const row of list) ids[row.kind].set(row.slug, row.id);
  slugIdsByDb.set(db, ids);
  return ids;
}

/**
 * Ids of the slugs a listing filters by; undefined for a slug that names nothing. Answered
 * from slugIds() without a round trip on the listing's hot path (README "Decisions"); a slug
 * it does not know (new since, or no such slug) is read from the tables themselves.
 */
export async function findFilterIds(slugs: {
  specialty?: string;
  visitReason?: string;
  service?: string;
}): Promise<{ specialty?: number; visitReason?: number; service?: number }> {
  const known = await slugIds();
  const found = {
    specialty: slugs.specialty === undefined ? undefined : known.specialty.get(slugs.specialty),
    visitReason: slugs.visitReason === undefined ? undefined : known.visitReason.get(slugs.visitReason),
    service: slugs.service === undefined ? undefined : known.service.get(slugs.service),
  };
  const missing = (Object.keys(found) as (keyof typeof found)[]).some(
    (k) => slugs[k] !== undefined && found[k] === undefined,
  );
  if (!missing) return found;
  const [row] = await preparedRows<{
    specialty: number | null;
    visit_reason: number | null;
    service: number | null;
  }>(sql`
    select (select id from specialties where slug = ${slugs.specialty ?? null}::text) as specialty,
           (select id from visit_reasons where slug = ${slugs.visitReason ?? null}::text) as visit_reason,
           (select id from services where slug = ${slugs.service ?? null}::text) as service`);
  return {
    specialty: row?.specialty ?? undefined,
    visitReason: row?.visit_reason ?? undefined,
    service: row?.service ?? undefined,
  };
}

/** Business hours and time zone of offices (for slots), by office id. */
export async function findOfficeSchedules(
  officeIds: readonly number[],
): Promise<Map<number, { business_hours: BusinessHoursRow[]; time_zone: string }>> {
  if (!officeIds.length) return new Map();
  const list = await preparedRows<{ id: number; business_hours: BusinessHoursRow[]; time_zone: string }>(
    sql`select id, business_hours, time_zone from offices where id = any(${intArray(officeIds)})`,
  );
  return new Map(list.map((r) => [r.id, r]));
}

/** The tag filters (listing-tags.ts), plus what the tags do not carry. */
export interface ListFilters extends TagFilters {
  /** Provider works on at least one of these weekdays at the office. */
  weekdays?: number[];
  serviceId?: number;
}

/**
 * Conditions on a provider at an office (`po`, `o`; `p` only for the provider's languages).
 * `languageOn` picks whose languages count.
 */
function providerConditions(f: ListFilters, languageOn: 'provider' | 'office'): SQL[] {
  const c: SQL[] = [];
  if (f.acceptsNewPatients) c.push(sql`po.accepts_new_patients`);
  if (f.virtual) c.push(sql`po.offers_teledental and o.teledental_payment_ready`);
  if (f.weekdays && f.weekdays.length < 7) {
    c.push(sql`po.working_days && ${`{${f.weekdays.join(',')}}`}::smallint[]`);
  }
  if (f.language && languageOn === 'provider') c.push(sql`p.languages @> array[${f.language}]::text[]`);
  if (f.specialtyId !== undefined) {
    c.push(
      sql`exists (select 1 from provider_specialties ps where ps.provider_id = po.provider_id and ps.specialty_id = ${f.specialtyId})`,
    );
  }
  if (f.visitReasonId !== undefined) {
    c.push(
      sql`exists (select 1 from provider_visit_reasons pr where pr.provider_id = po.provider_id and pr.visit_reason_id = ${f.visitReasonId})`,
    );
  }
  if (f.planId !== undefined) {
    c.push(
      sql`exists (select 1 from provider_insurance_plans pi where pi.provider_id = po.provider_id and pi.plan_id = ${f.planId})`,
    );
  }
  if (f.carrierId !== undefined) {
    c.push(
      sql`exists (select 1 from provider_insurance_plans pc where pc.provider_id = po.provider_id and pc.carrier_id = ${f.carrierId})`,
    );
  }
  return c;
}

export interface ScheduleFields {
  working_days: number[];
  business_hours: BusinessHoursRow[];
  time_zone: string;
}

export interface ProviderCandidateRow {
  provider_id: number;
  office_id: number;
  meters: number;
  working_days: number[];
  rating_average: number;
  review_count: number;
  teledental_fee_cents: number;
}

/**
 * Provider-office pairs within the radius that carry every tag (and work on one of the
 * weekdays, when given), nearest first, at most `limit` (a provider with several offices in
 * range comes once per office). The planner picks between two plans by how common the tags are:
 * a nearest-first GiST scan of provider_listings.geo that checks the tags on each row and stops at
 * `limit` matches (at most `limit / share` rows read), or, for rare tags, their rows through the
 * GIN index of `tags`, sorted. The radius is applied to what either plan found, not inside the
 * scan: an earth_box() condition there makes the planner, which guesses it holds 0.1% of the rows,
 * read and sort every row of a dense city instead. The scan orders by distance alone: a second
 * key turns it into a sort of the whole table (providers of one office tie, and the cut at
 * `limit` may fall between them).
 */
export async function findProviderCandidates(
  center: Point,
  radiusMeters: number,
  filter: { tags: readonly number[]; weekdays?: readonly number[] },
  limit: number,
): Promise<ProviderCandidateRow[]> {
  const c = earthPoint(center);
  const checks: SQL[] = [];
  if (filter.tags.length) checks.push(sql`tags @> ${`{${filter.tags.join(',')}}`}::int[]`);
  const days = filter.weekdays
    ? [...new Set(filter.weekdays)].filter((d) => Number.isInteger(d) && d >= 0 && d < 7)
    : undefined;
  if (days && days.length < 7) checks.push(sql`working_days && ${`{${days.join(',')}}`}::smallint[]`);
  return rows<ProviderCandidateRow>(sql`
    select * from (
      select provider_id, office_id, earth_distance(geo, ${c}) as meters, working_days, rating_average, review_count,
             teledental_fee_cents
        from provider_listings
       where ${and(checks)}
       order by geo <-> ${c}
       limit ${limit}) nearest
     where meters <= ${radiusMeters}::float8
     order by meters, provider_id`);
}

// ---- Clinic candidates ----

/** Office columns the candidate queries read, under the alias `o` (a table or the nearest-offices CTE). */
const candidateOfficeColumns = sql`id, geo, business_hours, time_zone, teledental_payment_ready, languages, rating_average, review_count`;

/**
 * Runs a nearest-first candidate query in two passes. PostgreSQL cannot estimate how many
 * offices an earth_box holds (its cube operators guess 0.1%), so left alone it reads every
 * office in the radius and sorts them: cost grows with density. Pass one therefore reads only
 * the `nearestOffices` nearest offices (a plain GiST nearest-neighbour scan with a LIMIT,
 * whose plan is not in doubt) and answers when that yields `limit` rows or already reaches
 * the radius. Only selective filters in dense places need pass two: every office in the box.
 */
async function nearestFirst<T>(
  center: Point,
  radiusMeters: number,
  nearestOffices: number,
  limit: number,
  body: (offices: SQL) => SQL,
): Promise<T[]> {
  const c = earthPoint(center);
  const pass1 = await rows<T & { horizon: number | null; offices_read: number; matched: boolean }>(sql`
    with o as materialized (
           select ${candidateOfficeColumns} from offices order by geo <-> ${c} limit ${nearestOffices}),
         reach as (select max(earth_distance(geo, ${c})) as horizon, count(*)::int as offices_read from o)
    select reach.horizon, reach.offices_read, not (r is null) as matched, r.*
      from reach left join lateral (${body(sql`o`)}) r on true`);
  const found = pass1.filter((row) => row.matched);
  const first = pass1[0];
  const coveredRadius = !first || first.offices_read < nearestOffices || (first.horizon ?? 0) > radiusMeters;
  if (found.length >= limit || coveredRadius)
    return found.map(({ horizon: _h, offices_read: _o, matched: _m, ...row }) => row as T);
  return rows<T>(
    body(sql`(select ${candidateOfficeColumns} from offices
                             where earth_box(${c}, ${radiusMeters}::float8) @> geo) as o`),
  );
}

export interface ClinicCandidateRow extends ScheduleFields {
  office_id: number;
  meters: number;
  rating_average: number;
  review_count: number;
  teledental_payment_ready: boolean;
  min_fee: number | null;
}

/**
 * Offices within the radius with at least one provider matching the filters, nearest first.
 * With `aggregates` (fee and availability sorts, date filters) each row also carries the
 * union of those providers' working days and their lowest teledental fee; without, those are
 * null and a semi-join that stops at the first matching provider is all it costs.
 */
export async function findClinicCandidates(
  center: Point,
  radiusMeters: number,
  filters: ListFilters,
  limit: number,
  options: { aggregates?: boolean; nearestOffices?: number } = {},
): Promise<ClinicCandidateRow[]> {
  const c = earthPoint(center);
  const office: SQL[] = [];
  if (filters.language) office.push(sql`o.languages @> array[${filters.language}]::text[]`);
  if (filters.virtual) office.push(sql`o.teledental_payment_ready`);
  if (filters.serviceId !== undefined) {
    office.push(
      sql`exists (select 1 from office_services os where os.office_id = o.id and os.service_id = ${filters.serviceId})`,
    );
  }
  const providers = and(providerConditions(filters, 'office'));
  const aggregates = options.aggregates
    ? {
        columns: sql`m.working_days, m.min_fee`,
        join: sql`cross join lateral (
            select array_agg(distinct day order by day) as working_days,
                   min(p.teledental_fee_cents) filter (where po.offers_teledental) as min_fee,
                   count(*) as matching
              from provider_offices po
              join providers p on p.id = po.provider_id
             cross join lateral unnest(po.working_days) as day
             where po.office_id = o.id and ${providers}) m`,
        match: sql`m.matching > 0`,
      }
    : {
        columns: sql`null::smallint[] as working_days, null::int as min_fee`,
        join: sql``,
        match: sql`exists (select 1 from provider_offices po where po.office_id = o.id and ${providers})`,
      };
  return nearestFirst<ClinicCandidateRow>(
    center,
    radiusMeters,
    options.nearestOffices ?? Math.ceil(limit * 1.5),
    limit,
    (offices) => sql`
    select o.id as office_id, earth_distance(o.geo, ${c}) as meters, o.rating_average, o.review_count,
           o.business_hours, o.time_zone, o.teledental_payment_ready, ${aggregates.columns}
      from ${offices}
      ${aggregates.join}
     where earth_distance(o.geo, ${c}) <= ${radiusMeters}::float8
       and ${aggregates.match}
       and ${and(office)}
     order by o.geo <-> ${c}, o.id
     limit ${limit}`,
  );
}

export interface SpecialtyJson {
  id: number;
  slug: string;
  en: string;
  es: string;
}

export interface ProviderSummaryRow {
  id: number;
  first_name: string;
  last_name: string;
  title: string;
  gender: 'male' | 'female';
  photo_url: string | null;
  languages: string[];
  rating_average: number;
  review_count: number;
  teledental_fee_cents: number;
  updated_at: Date | string;
  office_count: number;
  specialties: SpecialtyJson[];
}

export const providerSpecialtiesJson = sql`coalesce((
    select json_agg(json_build_object('id', s.id, 'slug', s.slug, 'en', s.name_en, 'es', s.name_es)
                    order by ps.is_primary desc, s.id)
      from provider_specialties ps join specialties s on s.id = ps.specialty_id
     where ps.provider_id = p.id), '[]'::json)`;

export interface OfficeRow {
  id: number;
  name: string;
  description_en: string;
  description_es: string;
  phone: string;
  website: string | null;
  photo_url: string | null;
  address_line: string;
  suite: string | null;
  city: string;
  state: string;
  zip: string;
  country_code: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  business_hours: BusinessHoursRow[];
  languages: string[];
  technologies: string[];
  amenities: string[];
  teledental_payment_ready: boolean;
  rating_average: number;
  review_count: number;
  updated_at: Date | string;
}

export const officeColumns = sql`o.id, o.name, o.description_en, o.description_es, o.phone, o.website, o.photo_url,
  o.address_line, o.suite, o.city, o.state, o.zip, o.country_code, o.latitude, o.longitude, o.time_zone,
  o.business_hours, o.languages, o.technologies, o.amenities, o.teledental_payment_ready, o.rating_average,
  o.review_count, o.updated_at`;

export async function findOffices(ids: readonly number[]): Promise<OfficeRow[]> {
  if (!ids.length) return [];
  return rows(sql`select ${officeColumns} from offices o where o.id = any(${intArray(ids)})`);
}

/** The office columns a provider card shows or needs for its slots. */
export type CardOfficeRow = Pick<
  OfficeRow,
  | 'id'
  | 'name'
  | 'phone'
  | 'address_line'
  | 'suite'
  | 'city'
  | 'state'
  | 'zip'
  | 'country_code'
  | 'latitude'
  | 'longitude'
  | 'time_zone'
  | 'business_hours'
  | 'teledental_payment_ready'
>;

const cardOfficeColumns = sql`o.id, o.name, o.phone, o.address_line, o.suite, o.city, o.state, o.zip, o.country_code,
  o.latitude, o.longitude, o.time_zone, o.business_hours, o.teledental_payment_ready`;

export interface ProviderCardRow extends ProviderSummaryRow {
  office: CardOfficeRow;
  working_days: number[];
  accepts_new_patients: boolean;
  offers_teledental: boolean;
}

/**
 * Everything a provider card shows, for (provider, office) pairs, in one round trip: the
 * provider's summary, the office, and the provider's schedule there. Pairs that do not exist
 * (any more) are left out.
 */
export async function findProviderCards(
  pairs: readonly { providerId: number; officeId: number }[],
): Promise<ProviderCardRow[]> {
  if (!pairs.length) return [];
  return preparedRows(sql`
    select p.id, p.first_name, p.last_name, p.title, p.gender, p.photo_url, p.languages, p.rating_average,
           p.review_count, p.teledental_fee_cents, p.updated_at,
           (select count(*)::int from provider_offices x where x.provider_id = p.id) as office_count,
           ${providerSpecialtiesJson} as specialties,
           po.working_days, po.accepts_new_patients, po.offers_teledental,
           (select row_to_json(c) from (select ${cardOfficeColumns}) c) as office
      from unnest(${intArray(pairs.map((e) => e.providerId))}, ${intArray(pairs.map((e) => e.officeId))}) as e(provider_id, office_id)
      join provider_offices po on po.provider_id = e.provider_id and po.office_id = e.office_id
      join providers p on p.id = e.provider_id
      join offices o on o.id = e.office_id`);
}

export interface ProviderOfficeRow {
  provider_id: number;
  office_id: number;
  working_days: number[];
  accepts_new_patients: boolean;
  offers_teledental: boolean;
}

/** provider_offices rows of the given providers (all their offices). */
export async function findProviderOffices(providerIds: readonly number[]): Promise<ProviderOfficeRow[]> {
  if (!providerIds.length) return [];
  return rows(sql`
    select provider_id, office_id, working_days, accepts_new_patients, offers_teledental
      from provider_offices where provider_id = any(${intArray(providerIds)})
     order by provider_id, office_id`);
}

export interface ClinicSummaryRow extends OfficeRow {
  provider_count: number;
  any_accepting: boolean;
  any_teledental: boolean;
  min_fee: number | null;
  specialties: SpecialtyJson[];
}

export async function findClinicSummaries(ids: readonly number[]): Promise<ClinicSummaryRow[]> {
  if (!ids.length) return [];
  return rows(sql`
    select ${officeColumns}, a.provider_count, a.any_accepting, a.any_teledental, a.min_fee,
           coalesce((
             select json_agg(json_build_object('id', s.id, 'slug', s.slug, 'en', s.name_en, 'es', s.name_es) order by s.id)
               from specialties s
              where s.id in (select ps.specialty_id from provider_offices x
                               join provider_specialties ps on ps.provider_id = x.provider_id
                              where x.office_id = o.id)), '[]'::json) as specialties
      from offices o
     cross join lateral (
           select count(*)::int as provider_count,
                  coalesce(bool_or(x.accepts_new_patients), false) as any_accepting,
                  coalesce(bool_or(x.offers_teledental), false) as any_teledental,
                  min(p.teledental_fee_cents) filter (where x.offers_teledental) as min_fee
             from provider_offices x join providers p on p.id = x.provider_id
            where x.office_id = o.id) a
     where o.id = any(${intArray(ids)})`);
}

/** Schedules of the providers at these offices who match the filters (for clinic cards' next slots). */
export async function findOfficeProviderSchedules(
  officeIds: readonly number[],
  filters: ListFilters,
): Promise<(ProviderOfficeRow & ScheduleFields)[]> {
  if (!officeIds.length) return [];
  return rows(sql`
    select po.provider_id, po.office_id, po.working_days, po.accepts_new_patients, po.offers_teledental,
           o.business_hours, o.time_zone
      from provider_offices po
      join offices o on o.id = po.office_id
      join providers p on p.id = po.provider_id
     where po.office_id = any(${intArray(officeIds)}) and ${and(providerConditions(filters, 'office'))}`);
}

/** Metres from `center` to each office (for favourites, which are not found by distance). */
export async function distancesTo(center: Point, officeIds: readonly number[]): Promise<Map<number, number>> {
  if (!officeIds.length) return new Map();
  const list = await rows<{ id: number; meters: number }>(sql`
    select o.id, earth_distance(o.geo, ${earthPoint(center)}) as meters
      from offices o where o.id = any(${intArray(officeIds)})`);
  return new Map(list.map((r) => [r.id, r.meters]));
}

import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../raw';
import { SPECIALTIES } from './reference-data';
import {
  AWARDS,
  FIRST_NAMES_FEMALE,
  FIRST_NAMES_MALE,
  HOBBIES,
  HOURS_PATTERNS,
  LAST_NAMES,
  METROS,
  OFFICE_CLOSINGS,
  OFFICE_INTROS,
  OFFICE_MIDDLES,
  OFFICE_NAME_PATTERNS,
  OFFICE_NAME_PATTERNS_ES,
  OFFICE_RESPONSES,
  REASONS_BY_SPECIALTY,
  RESIDENCIES,
  REVIEWER_FIRST,
  REVIEW_TEXTS,
  SERVICES_BY_SPECIALTY,
  SPECIALTY_FOCUS,
  SPECIALTY_OFFICE_NAMES,
  SPECIALTY_PROGRAMS,
  type Metro,
} from './discovery-data';
import { seededRandom } from './random';
import { AMENITIES, TECHNOLOGIES } from '../../contracts/discovery-catalog';
import type { AwardRow, BusinessHoursRow, EducationRow } from '../schema';
import type { Db } from '../db-type';

type Random = ReturnType<typeof seededRandom>;

/** Reviews are dated back from this fixed day so every fresh database gets the same dates. */
const REVIEW_BASE = Date.UTC(2026, 9, 1);
const DAY_MS = 86_400_000;
/** Rows per INSERT: one JSON parameter each, a few MB at most. */
const BATCH = 2000;

const SPECIALTY_WEIGHTS: [string, number][] = [
  ['general-dentist', 52],
  ['orthodontist', 8],
  ['pedodontist', 7],
  ['endodontist', 5],
  ['periodontist', 5],
  ['oral-surgeon', 5],
  ['cosmetic-dentist', 6],
  ['implant-dentist', 5],
  ['prosthodontist', 3],
  ['holistic-dentist', 2],
  ['dental-anesthesiologist', 2],
];

interface OfficeSeed {
  id: number;
  metro: Metro;
  hood: { name: string; city: string; state: string; zip: string };
  street: string;
  lat: number;
  lng: number;
  hours: BusinessHoursRow[];
  providerIds: number[];
  specialties: Set<string>;
  anyTeledental: boolean;
  lastNames: string[];
  ratingSum: number;
  reviewCount: number;
}

function weighted<T>(random: Random, items: readonly [T, number][]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let roll = random.next() * total;
  for (const [item, w] of items) {
    roll -= w;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, Math.max(0, Math.min(count, copy.length)));
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** A valid NPI: 9 digits plus the Luhn check digit computed with the 80840 prefix. */
export function npiFor(index: number): string {
  const base = String(100_000_000 + index)
    .slice(-9)
    .replace(/^./, '1');
  const digits = `80840${base}`.split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits[i]!;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}

function phoneFor(random: Random, metro: Metro): string {
  const area = random.pick(metro.areaCodes);
  const n = () => random.int(0, 9);
  const local7 = `${random.int(2, 9)}${n()}${n()}-${n()}${n()}${n()}${n()}`;
  switch (metro.countryCode) {
    case 'US':
    case 'CA':
      return `(${area}) ${local7}`;
    case 'MX':
      return `+52 ${area} ${random.int(1000, 9999)} ${random.int(1000, 9999)}`;
    case 'ES':
      return `+34 ${area} ${random.int(100, 999)} ${random.int(10, 99)} ${random.int(10, 99)}`;
    case 'GB':
      return `+44 ${area} ${random.int(3000, 8999)} ${random.int(1000, 9999)}`;
    case 'AU':
      return `+61 ${area} ${random.int(8000, 9999)} ${random.int(1000, 9999)}`;
  }
}

function addressLine(random: Random, metro: Metro, street: string): string {
  if (metro.countryCode === 'MX' || metro.countryCode === 'ES') return `${street} ${random.int(2, 240)}`;
  if (metro.countryCode === 'GB') return `${random.int(1, 150)} ${street}`;
  return `${random.int(10, 2999)} ${street}`;
}

function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 40);
}

/** Splits the office's open weekdays among a provider's offices; each gets at least one day. */
function workingDaysFor(random: Random, openDays: number[], share: number, of: number): number[] {
  if (of === 1) {
    const keep = random.int(Math.min(3, openDays.length), openDays.length);
    return sample(random, openDays, keep).sort((a, b) => a - b);
  }
  const days = openDays.filter((_, i) => i % of === share);
  return (days.length ? days : [openDays[share % openDays.length]!]).sort((a, b) => a - b);
}

interface ReferenceIds {
  specialties: Map<string, number>;
  visitReasons: Map<string, number>;
  services: Map<string, number>;
  plansByCarrier: Map<number, number[]>;
  demoUserId: string | undefined;
}

async function loadReferenceIds(db: Db): Promise<ReferenceIds> {
  const rows = <T>(query: SQL) => queryRows<T>(db, query);
  const specialties = await rows<{ id: number; slug: string }>(sql`select id, slug from specialties`);
  const visitReasons = await rows<{ id: number; slug: string }>(sql`select id, slug from visit_reasons`);
  const services = await rows<{ id: number; slug: string }>(sql`select id, slug from services`);
  const plans = await rows<{ id: number; carrier_id: number }>(
    sql`select id, carrier_id from insurance_plans order by carrier_id, id`,
  );
  const demo = await rows<{ id: string }>(
    sql`select id from patient_app_users where email = 'demo.patient@example.com'`,
  );
  const plansByCarrier = new Map<number, number[]>();
  for (const plan of plans) {
    const list = plansByCarrier.get(Number(plan.carrier_id)) ?? [];
    list.push(Number(plan.id));
    plansByCarrier.set(Number(plan.carrier_id), list);
  }
  return {
    specialties: new Map(specialties.map((r) => [r.slug, Number(r.id)])),
    visitReasons: new Map(visitReasons.map((r) => [r.slug, Number(r.id)])),
    services: new Map(services.map((r) => [r.slug, Number(r.id)])),
    plansByCarrier,
    demoUserId: demo[0]?.id,
  };
}

/** Multi-row insert through one JSON parameter: fast on PostgreSQL and PGlite alike, and fully parameterised. */
async function bulkInsert(
  db: Db,
  table: string,
  columns: [string, string][],
  rows: Record<string, unknown>[],
  log?: (line: string) => void,
) {
  const started = performance.now();
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const types = columns.map(([name, type]) => `"${name}" ${type}`).join(', ');
  for (let start = 0; start < rows.length; start += BATCH) {
    const chunk = JSON.stringify(rows.slice(start, start + BATCH));
    await db.execute(
      sql`insert into ${sql.identifier(table)} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${chunk}::jsonb) as x(${sql.raw(types)})`,
    );
  }
  log?.(`  ${table}: ${rows.length} rows in ${Math.round(performance.now() - started)} ms`);
}

const LOADED_TABLES = [
  'offices',
  'office_services',
  'providers',
  'provider_offices',
  'provider_specialties',
  'provider_visit_reasons',
  'provider_insurance_plans',
  'reviews',
  'provider_listings',
];

/**
 * Bulk-load recipe of the PostgreSQL manual ("Populating a Database"): foreign keys and
 * secondary indexes are dropped while the rows go in and created again afterwards. That
 * checks every row in one join instead of one lookup (and row lock) per row, and builds each
 * index (GIN and GiST above all) in one pass. Definitions are read from the catalogue, so
 * this follows the schema; primary keys and unique constraints stay. Runs inside the
 * caller's transaction, so a failure leaves the schema as it was.
 */
async function withoutForeignKeysAndIndexes(
  db: Db,
  tables: string[],
  load: () => Promise<void>,
  log?: (line: string) => void,
): Promise<void> {
  const keys = await queryRows<{ table_name: string; name: string; definition: string }>(
    db,
    sql`select c.relname as table_name, k.conname as name, pg_get_constraintdef(k.oid) as definition
          from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
         where k.contype = 'f' and n.nspname = current_schema() and c.relname in ${sqlList(tables)}`,
  );
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.relname as name, pg_get_indexdef(i.oid) as definition
          from pg_index x
          join pg_class i on i.oid = x.indexrelid
          join pg_class t on t.oid = x.indrelid
          join pg_namespace n on n.oid = t.relnamespace
         where n.nspname = current_schema() and t.relname in ${sqlList(tables)}
           and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`,
  );
  for (const key of keys) {
    await db.execute(sql`alter table ${sql.identifier(key.table_name)} drop constraint ${sql.identifier(key.name)}`);
  }
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  await load();
  const started = performance.now();
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  log?.(`  ${indexes.length} indexes built in ${Math.round(performance.now() - started)} ms`);
  const checking = performance.now();
  for (const key of keys) {
    await db.execute(
      sql`alter table ${sql.identifier(key.table_name)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
    );
  }
  log?.(`  ${keys.length} foreign keys checked in ${Math.round(performance.now() - checking)} ms`);
}

function sqlList(values: string[]): SQL {
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

export interface DiscoverySeedResult {
  providers: number;
  offices: number;
  reviews: number;
}

/**
 * Generates providers, offices and everything they offer across the metros of
 * discovery-data.ts. Deterministic for a given size; the caller wraps it in a transaction
 * and only runs it on empty discovery tables.
 */
export async function seedDiscovery(
  db: Db,
  options: { providers: number; log?: (line: string) => void },
): Promise<DiscoverySeedResult> {
  const log = options.log;
  const total = Math.max(0, Math.floor(options.providers));
  if (total === 0) return { providers: 0, offices: 0, reviews: 0 };
  const random = seededRandom(0x5eed_d15c);
  const refs = await loadReferenceIds(db);
  const specialtyNames = new Map<string, readonly [string, string, string]>(SPECIALTIES.map((s) => [s[0], s]));

  // Providers per metro by weight, at least one office per metro once there are enough providers.
  const weightSum = METROS.reduce((sum, m) => sum + m.weight, 0);
  const perMetro = METROS.map((m) => Math.floor((total * m.weight) / weightSum));
  for (let i = 0, left = total - perMetro.reduce((a, b) => a + b, 0); left > 0; i = (i + 1) % METROS.length, left--) {
    perMetro[i]! += 1;
  }

  const offices: OfficeSeed[] = [];
  const providerRows: Record<string, unknown>[] = [];
  const providerOfficeRows: Record<string, unknown>[] = [];
  const specialtyRows: Record<string, unknown>[] = [];
  const reasonRows: Record<string, unknown>[] = [];
  const planRows: Record<string, unknown>[] = [];
  const reviewRows: Record<string, unknown>[] = [];
  let providerId = 0;

  METROS.forEach((metro, metroIndex) => {
    const count = perMetro[metroIndex]!;
    if (count === 0) return;
    const officeCount = Math.max(1, Math.round(count / 2.2));
    const metroOffices: OfficeSeed[] = [];
    for (let j = 0; j < officeCount; j++) {
      const hood = random.pick(metro.neighborhoods);
      // Within about a mile and a half of the neighbourhood centre.
      const lat = hood.lat + (random.next() - 0.5) * 0.04;
      const lng = hood.lng + ((random.next() - 0.5) * 0.04) / Math.cos((hood.lat * Math.PI) / 180);
      const office: OfficeSeed = {
        id: offices.length + 1,
        metro,
        hood,
        street: random.pick(metro.streets),
        lat: Math.round(lat * 1e6) / 1e6,
        lng: Math.round(lng * 1e6) / 1e6,
        hours: random.pick(HOURS_PATTERNS),
        providerIds: [],
        specialties: new Set(),
        anyTeledental: false,
        lastNames: [],
        ratingSum: 0,
        reviewCount: 0,
      };
      offices.push(office);
      metroOffices.push(office);
    }

    const localLanguage = metro.countryCode === 'MX' || metro.countryCode === 'ES' ? 'es' : 'en';
    const spanishShare = ['miami', 'los-angeles', 'houston', 'phoenix'].includes(metro.key) ? 0.5 : 0.2;
    for (let k = 0; k < count; k++) {
      providerId += 1;
      const id = providerId;
      const female = random.next() < 0.5;
      const firstName = random.pick(female ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE);
      const lastName = random.pick(LAST_NAMES);
      const primary = weighted(random, SPECIALTY_WEIGHTS);
      const specialties = [primary];
      if (primary === 'general-dentist' && random.next() < 0.25) {
        specialties.push(random.pick(['cosmetic-dentist', 'implant-dentist', 'holistic-dentist']));
      }
      const experience = random.int(2, 38);
      const title =
        metro.countryCode === 'GB' || metro.countryCode === 'AU'
          ? 'BDS'
          : metro.countryCode === 'MX'
            ? 'C.D.'
            : random.next() < 0.55
              ? 'DDS'
              : 'DMD';
      const gradYear = 2026 - experience;
      const education: EducationRow[] = [{ degree: title, institution: random.pick(metro.schools), year: gradYear }];
      const program = SPECIALTY_PROGRAMS[primary];
      if (program) {
        education.push({ degree: program, institution: random.pick(metro.schools), year: gradYear + random.int(2, 3) });
      } else if (random.next() < 0.35) {
        const [degree, institution] = random.pick(RESIDENCIES).split(', ') as [string, string];
        education.push({ degree, institution, year: gradYear + 1 });
      }
      const awards: AwardRow[] = sample(random, AWARDS, random.int(0, 3)).map((t) => ({
        title: fill(t, { city: metro.neighborhoods[0]!.city }),
        year: random.int(Math.max(gradYear + 2, 2010), 2026),
      }));
      const hispanic =
        /[áéíóúñ]|ez$/i.test(lastName) ||
        [
          'Torres',
          'Flores',
          'Rivera',
          'Reyes',
          'Cruz',
          'Morales',
          'Ortiz',
          'Ramos',
          'Romero',
          'Herrera',
          'Medina',
          'Aguilar',
          'Mendoza',
          'Castillo',
          'Vega',
          'Peña',
        ].includes(lastName);
      const languages = new Set<string>([localLanguage]);
      if (localLanguage === 'en' && (hispanic || random.next() < spanishShare)) languages.add('es');
      if (localLanguage === 'es' && random.next() < 0.5) languages.add('en');
      if (random.next() < 0.3) languages.add(random.pick(metro.languages));
      const [focusEn, focusEs] = SPECIALTY_FOCUS[primary]!;
      const [, specEn, specEs] = specialtyNames.get(primary)!;
      const [hobbyEn, hobbyEs] = random.pick(HOBBIES);
      const he = female ? 'She' : 'He';
      const article = /^[aeiou]/i.test(specEn) ? 'an' : 'a';
      const city = random.pick(metro.neighborhoods).city;
      const biographyEn =
        `Dr. ${firstName} ${lastName} is ${article} ${specEn.toLowerCase()} in ${city} with ${experience} years of experience. ` +
        `${he} focuses on ${focusEn}. After earning a ${title} at ${education[0]!.institution}, Dr. ${lastName} ` +
        `${random.next() < 0.5 ? 'has kept up with the latest techniques through hundreds of hours of continuing education' : 'trained in hospital dentistry before opening a practice'}. ` +
        `Outside the office, ${he.toLowerCase()} enjoys ${hobbyEn}.`;
      const biographyEs =
        `${female ? 'La Dra.' : 'El Dr.'} ${firstName} ${lastName} es ${female ? specEs.toLowerCase().replace(/o\b/g, 'a') : specEs.toLowerCase()} en ${city} con ${experience} años de experiencia. ` +
        `Se dedica especialmente a ${focusEs}. Tras obtener su título (${title}) en ${education[0]!.institution}, ` +
        `${random.next() < 0.5 ? 'se mantiene al día con cientos de horas de formación continua' : 'se formó en odontología hospitalaria antes de abrir su consulta'}. ` +
        `Fuera de la consulta, disfruta de ${hobbyEs}.`;

      providerRows.push({
        id,
        npi: npiFor(id),
        first_name: firstName,
        last_name: lastName,
        title,
        gender: female ? 'female' : 'male',
        photo_url: null,
        biography_en: biographyEn,
        biography_es: biographyEs,
        education,
        experience_years: experience,
        awards,
        languages: [...languages],
        teledental_fee_cents: random.int(5, 30) * 500,
      });
      specialties.forEach((slug, i) =>
        specialtyRows.push({ provider_id: id, specialty_id: refs.specialties.get(slug), is_primary: i === 0 }),
      );

      // Each office gets a provider before any office gets a second one.
      const officeTotal = random.next() < 0.65 ? 1 : random.next() < 0.8 ? 2 : 3;
      const chosen = new Set<OfficeSeed>([metroOffices[k % metroOffices.length]!]);
      while (chosen.size < Math.min(officeTotal, metroOffices.length)) chosen.add(random.pick(metroOffices));
      const acceptsEverywhere = random.next() < 0.8;
      const teledental = random.next() < 0.55;
      [...chosen].forEach((office, share) => {
        const openDays = office.hours.map((h) => h.weekday);
        office.providerIds.push(id);
        office.lastNames.push(lastName);
        specialties.forEach((s) => office.specialties.add(s));
        office.anyTeledental ||= teledental;
        providerOfficeRows.push({
          provider_id: id,
          office_id: office.id,
          working_days: workingDaysFor(random, openDays, share, chosen.size),
          // Some providers are full at one of their offices (SPEC.md section 5).
          accepts_new_patients: acceptsEverywhere || (share === 0 && random.next() < 0.5),
          offers_teledental: teledental,
        });
      });

      const reasonSlugs = [...new Set(specialties.flatMap((s) => REASONS_BY_SPECIALTY[s] ?? []))];
      for (const slug of sample(
        random,
        reasonSlugs,
        Math.max(3, Math.round(reasonSlugs.length * (0.5 + random.next() * 0.5))),
      )) {
        reasonRows.push({ provider_id: id, visit_reason_id: refs.visitReasons.get(slug) });
      }

      if (random.next() < 0.95) {
        const carriers = sample(random, [...refs.plansByCarrier.keys()], random.int(2, 6));
        for (const carrierId of carriers) {
          for (const planId of sample(random, refs.plansByCarrier.get(carrierId)!, random.int(1, 4))) {
            planRows.push({ provider_id: id, plan_id: planId, carrier_id: carrierId });
          }
        }
      }

      const reviewCount = Math.min(8, Math.floor(-Math.log(1 - random.next() * 0.999) * 3));
      const officeList = [...chosen];
      const providerRow = providerRows[providerRows.length - 1]!;
      let ratingSum = 0;
      for (let r = 0; r < reviewCount; r++) {
        const rating = weighted<number>(random, [
          [5, 55],
          [4, 25],
          [3, 10],
          [2, 6],
          [1, 4],
        ]);
        const reviewOffice = random.pick(officeList);
        ratingSum += rating;
        reviewOffice.ratingSum += rating;
        reviewOffice.reviewCount += 1;
        const spanish = localLanguage === 'es' || (languages.has('es') && random.next() < 0.3);
        const [textEn, textEs] = random.pick(REVIEW_TEXTS[rating]!);
        const reviewedAt = REVIEW_BASE - random.int(1, 720) * DAY_MS - random.int(0, 86_000) * 1000;
        const respond = random.next() < (rating <= 3 ? 0.75 : 0.35);
        const [respEn, respEs] = random.pick(OFFICE_RESPONSES[rating <= 3 ? 'negative' : 'positive']);
        reviewRows.push({
          provider_id: id,
          office_id: reviewOffice.id,
          patient_display_name: `${random.pick(REVIEWER_FIRST)} ${String.fromCharCode(65 + random.int(0, 25))}.`,
          rating,
          text: fill(spanish ? textEs : textEn, {
            last: lastName,
            drEs: female ? 'La Dra.' : 'El Dr.',
            drEsLower: female ? 'la Dra.' : 'el Dr.',
          }),
          reviewed_at: new Date(reviewedAt).toISOString(),
          office_response: respond ? (spanish ? respEs : respEn) : null,
          office_response_at: respond ? new Date(reviewedAt + random.int(1, 6) * DAY_MS).toISOString() : null,
        });
      }
      providerRow.rating_average = reviewCount ? Math.round((ratingSum / reviewCount) * 100) / 100 : 0;
      providerRow.review_count = reviewCount;
    }
  });

  const officeRows = offices.map((office) => {
    const spanishName = office.metro.countryCode === 'MX' || office.metro.countryCode === 'ES';
    const primary = [...office.specialties][0] ?? 'general-dentist';
    const specialtyPattern = office.providerIds.length <= 2 ? SPECIALTY_OFFICE_NAMES[primary] : undefined;
    const pattern = spanishName
      ? random.pick(OFFICE_NAME_PATTERNS_ES)
      : (specialtyPattern ?? random.pick(OFFICE_NAME_PATTERNS));
    const last = office.lastNames[0] ?? random.pick(LAST_NAMES);
    const last2 = office.lastNames[1] ?? random.pick(LAST_NAMES);
    const name = fill(pattern, {
      hood: office.hood.name,
      last,
      last2: last2 === last ? random.pick(LAST_NAMES) : last2,
      street: office.street.replace(/^(N|S|E|W) /, ''),
    });
    const year = random.int(1978, 2022);
    const values = { name, hood: office.hood.name, city: office.hood.city, year };
    const parts = [random.pick(OFFICE_INTROS), random.pick(OFFICE_MIDDLES), random.pick(OFFICE_CLOSINGS)];
    const serviceSlugs = new Set<string>([...office.specialties].flatMap((s) => SERVICES_BY_SPECIALTY[s] ?? []));
    if (office.anyTeledental) serviceSlugs.add('teledentistry');
    if (random.next() < 0.3) serviceSlugs.add('sedation-dentistry');
    if (random.next() < 0.3) serviceSlugs.add('teeth-whitening');
    const languages = new Set<string>([spanishName ? 'es' : 'en']);
    if (random.next() < 0.6) languages.add(spanishName ? 'en' : 'es');
    if (random.next() < 0.4) languages.add(random.pick(office.metro.languages));
    // "Weekend hours" only where the hours have a Saturday or Sunday: a random pick said so of
    // offices closed at weekends. Sampled from the whole list as before, so the generator's
    // sequence (and so every other generated value) stays the same.
    const amenities: string[] = sample(
      random,
      AMENITIES.map((a) => a.code),
      random.int(2, 6),
    ).filter((code) => code !== 'weekend-hours');
    if (office.hours.some((h) => h.closes >= '19:00')) amenities.push('evening-hours');
    if (office.hours.some((h) => h.weekday === 0 || h.weekday === 6)) amenities.push('weekend-hours');
    return {
      row: {
        id: office.id,
        name,
        description_en: parts.map(([en]) => fill(en, values)).join(' '),
        description_es: parts.map(([, es]) => fill(es, values)).join(' '),
        phone: phoneFor(random, office.metro),
        website: random.next() < 0.7 ? `https://www.${slugify(name)}.com` : null,
        photo_url: null,
        address_line: addressLine(random, office.metro, office.street),
        suite: random.next() < 0.45 ? `Suite ${random.int(1, 12)}${random.int(0, 3)}${random.int(0, 9)}` : null,
        city: office.hood.city,
        state: office.hood.state,
        zip: office.hood.zip,
        country_code: office.metro.countryCode,
        latitude: office.lat,
        longitude: office.lng,
        time_zone: office.metro.timeZone,
        business_hours: office.hours,
        languages: [...languages],
        technologies: sample(
          random,
          TECHNOLOGIES.map((t) => t.code),
          random.int(3, 7),
        ),
        amenities: [...new Set(amenities)],
        // Some offices cannot take teledental payments yet (SPEC.md section 5).
        teledental_payment_ready: random.next() < 0.8,
        rating_average: office.reviewCount ? Math.round((office.ratingSum / office.reviewCount) * 100) / 100 : 0,
        review_count: office.reviewCount,
      },
      services: [...serviceSlugs],
    };
  });

  // provider_listings (migration 0004) is derived from the tables loaded below: its triggers
  // would rebuild rows once per batch of each table, so they wait (for this transaction) and
  // the table is filled in one statement once everything else is in.
  await db.execute(sql`select set_config('discovery.defer_listings', 'on', true)`);
  await withoutForeignKeysAndIndexes(
    db,
    LOADED_TABLES,
    async () => {
      await bulkInsert(
        db,
        'offices',
        [
          ['id', 'integer'],
          ['name', 'text'],
          ['description_en', 'text'],
          ['description_es', 'text'],
          ['phone', 'text'],
          ['website', 'text'],
          ['photo_url', 'text'],
          ['address_line', 'text'],
          ['suite', 'text'],
          ['city', 'text'],
          ['state', 'text'],
          ['zip', 'text'],
          ['country_code', 'text'],
          ['latitude', 'double precision'],
          ['longitude', 'double precision'],
          ['time_zone', 'text'],
          ['business_hours', 'jsonb'],
          ['languages', 'text[]'],
          ['technologies', 'text[]'],
          ['amenities', 'text[]'],
          ['teledental_payment_ready', 'boolean'],
          ['rating_average', 'double precision'],
          ['review_count', 'integer'],
        ],
        officeRows.map((o) => o.row),
        log,
      );
      await bulkInsert(
        db,
        'office_services',
        [
          ['office_id', 'integer'],
          ['service_id', 'integer'],
        ],
        officeRows.flatMap((o) =>
          o.services.map((slug) => ({ office_id: o.row.id, service_id: refs.services.get(slug) })),
        ),
        log,
      );
      await bulkInsert(
        db,
        'providers',
        [
          ['id', 'integer'],
          ['npi', 'text'],
          ['first_name', 'text'],
          ['last_name', 'text'],
          ['title', 'text'],
          ['gender', 'text'],
          ['photo_url', 'text'],
          ['biography_en', 'text'],
          ['biography_es', 'text'],
          ['education', 'jsonb'],
          ['experience_years', 'integer'],
          ['awards', 'jsonb'],
          ['languages', 'text[]'],
          ['teledental_fee_cents', 'integer'],
          ['rating_average', 'double precision'],
          ['review_count', 'integer'],
        ],
        providerRows,
        log,
      );
      await bulkInsert(
        db,
        'provider_offices',
        [
          ['provider_id', 'integer'],
          ['office_id', 'integer'],
          ['working_days', 'smallint[]'],
          ['accepts_new_patients', 'boolean'],
          ['offers_teledental', 'boolean'],
        ],
        providerOfficeRows,
        log,
      );
      await bulkInsert(
        db,
        'provider_specialties',
        [
          ['provider_id', 'integer'],
          ['specialty_id', 'integer'],
          ['is_primary', 'boolean'],
        ],
        specialtyRows,
        log,
      );
      await bulkInsert(
        db,
        'provider_visit_reasons',
        [
          ['provider_id', 'integer'],
          ['visit_reason_id', 'integer'],
        ],
        reasonRows,
        log,
      );
      await bulkInsert(
        db,
        'provider_insurance_plans',
        [
          ['provider_id', 'integer'],
          ['plan_id', 'integer'],
          ['carrier_id', 'integer'],
        ],
        planRows,
        log,
      );
      // Ratings were computed above; the per-statement rating triggers would rewrite every
      // provider and office row once more.
      await db.execute(sql`alter table reviews disable trigger user`);
      await bulkInsert(
        db,
        'reviews',
        [
          ['provider_id', 'integer'],
          ['office_id', 'integer'],
          ['patient_display_name', 'text'],
          ['rating', 'smallint'],
          ['text', 'text'],
          ['reviewed_at', 'timestamptz'],
          ['office_response', 'text'],
          ['office_response_at', 'timestamptz'],
        ],
        reviewRows,
        log,
      );
      await db.execute(sql`alter table reviews enable trigger user`);
      const listing = performance.now();
      await db.execute(sql`
      insert into provider_listings (provider_id, office_id, geo, tags, working_days, rating_average, review_count, teledental_fee_cents)
        select provider_id, office_id, geo, tags, working_days, rating_average, review_count, teledental_fee_cents
          from discovery_listing_source`);
      log?.(`  provider_listings: filled in ${Math.round(performance.now() - listing)} ms`);
    },
    log,
  );
  await db.execute(sql`select set_config('discovery.defer_listings', 'off', true)`);

  // Ids were given explicitly; later inserts continue after them.
  await db.execute(sql`select setval(pg_get_serial_sequence('providers', 'id'), (select max(id) from providers))`);
  await db.execute(sql`select setval(pg_get_serial_sequence('offices', 'id'), (select max(id) from offices))`);

  if (refs.demoUserId) {
    await db.execute(
      sql`insert into favorites (user_id, provider_id) values (${refs.demoUserId}, 1) on conflict do nothing`,
    );
    await db.execute(
      sql`insert into favorites (user_id, office_id) values (${refs.demoUserId}, 1) on conflict do nothing`,
    );
  }
  return { providers: providerRows.length, offices: offices.length, reviews: reviewRows.length };
}

/**
 * Empties the discovery tables (favourites and reviews go with them) so a CLI run can seed another
 * size. Appointments and the offices' API keys refer to providers and offices, and TRUNCATE must
 * name every referring table (migration 0014): they go too, as they belonged to the old offices.
 */
export async function clearDiscovery(db: Db): Promise<void> {
  await db.execute(
    sql`truncate providers, offices, provider_offices, provider_listings, provider_specialties, provider_visit_reasons, provider_insurance_plans, office_services, reviews, favorites, search_terms, appointments, appointment_images, appointment_events, appointment_waitlist, waitlist_offers, office_api_keys restart identity`,
  );
}

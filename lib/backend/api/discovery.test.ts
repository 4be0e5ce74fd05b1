import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { seedDiscovery } from '../../db/seed/discovery';
import { useTestDatabase } from '../../testing/test-db';
import { signUpAndLogin, v4, type V4Options } from '../../testing/v4';
import { addDays, todayIn, weekdayOf } from '../scheduling/slots';

/*
 * Discovery API through dispatchV4, on PGlite or on PostgreSQL (TEST_DATABASE_URL).
 * A small generated seed adds realistic noise in the seeded metros; the fixtures below sit
 * around Fresno, California (America/Los_Angeles), more than 100 miles from every seeded
 * metro, so counts, filters and sorts there are exact.
 */

const database = useTestDatabase();
const NOT_FOUND = "Either this office doesn't exists or it is not available in your region.";
const FRESNO = { lat: 36.7378, lng: -119.7871 };
const TZ = 'America/Los_Angeles';

const ids = {
  o1: 0,
  o2: 0,
  o3: 0,
  o4: 0,
  p1: 0,
  p2: 0,
  p3: 0,
  p4: 0,
  p5: 0,
  carrierA: 0,
  planA1: 0,
  planA2: 0,
  carrierB: 0,
  planB1: 0,
};

const mondayToFriday = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' }));

async function insertFixtures() {
  const db = database.db;
  const office = async (
    values: Partial<typeof schema.offices.$inferInsert> & { name: string; latitude: number; longitude: number },
  ) => {
    const [row] = await db
      .insert(schema.offices)
      .values({
        descriptionEn: `${values.name} cares for families in the Central Valley.`,
        descriptionEs: `${values.name} atiende a familias del Valle Central.`,
        phone: '(559) 555-0100',
        addressLine: '1 Fulton St',
        city: 'Fresno',
        state: 'CA',
        zip: '93721',
        countryCode: 'US',
        timeZone: TZ,
        businessHours: mondayToFriday,
        languages: ['en'],
        technologies: ['digital-xray'],
        amenities: ['free-parking'],
        teledentalPaymentReady: true,
        ...values,
      })
      .returning({ id: schema.offices.id });
    return row!.id;
  };
  ids.o1 = await office({
    name: 'Fresno Smile Studio',
    latitude: FRESNO.lat,
    longitude: FRESNO.lng,
    languages: ['en', 'es'],
  });
  ids.o2 = await office({
    name: 'Clovis Family Dentistry',
    latitude: 36.8252,
    longitude: -119.7029,
    city: 'Clovis',
    teledentalPaymentReady: false,
    businessHours: [...mondayToFriday, { weekday: 6, opens: '08:00', closes: '12:00' }],
  });
  ids.o3 = await office({
    name: 'Visalia Dental Care',
    latitude: 36.3302,
    longitude: -119.2921,
    city: 'Visalia',
    businessHours: [2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '08:00', closes: '16:00' })),
  });
  ids.o4 = await office({
    name: 'Madera Dental Arts',
    latitude: 36.9613,
    longitude: -120.0607,
    city: 'Madera',
    languages: ['en', 'fr'],
  });

  const provider = async (
    values: Partial<typeof schema.providers.$inferInsert> & { firstName: string; lastName: string; npi: string },
  ) => {
    const [row] = await db
      .insert(schema.providers)
      .values({
        title: 'DDS',
        gender: 'female',
        biographyEn: `Dr. ${values.lastName} loves gentle dentistry.`,
        biographyEs: `La Dra. ${values.lastName} practica una odontología suave.`,
        education: [{ degree: 'DDS', institution: 'UCSF School of Dentistry', year: 2010 }],
        experienceYears: 15,
        awards: [{ title: "Patients' Choice Award", year: 2024 }],
        languages: ['en'],
        teledentalFeeCents: 5000,
        ...values,
      })
      .returning({ id: schema.providers.id });
    return row!.id;
  };
  ids.p1 = await provider({
    firstName: 'Ana',
    lastName: 'Núñez',
    npi: '1999999901',
    languages: ['en', 'es'],
    teledentalFeeCents: 5000,
  });
  ids.p2 = await provider({
    firstName: 'Anabel',
    lastName: 'Núñez-Ortega',
    npi: '1999999902',
    teledentalFeeCents: 8000,
  });
  ids.p3 = await provider({
    firstName: 'José',
    lastName: 'Álvarez',
    gender: 'male',
    npi: '1999999903',
    languages: ['es', 'en'],
    teledentalFeeCents: 2500,
  });
  ids.p4 = await provider({
    firstName: 'Zoë',
    lastName: 'Schwartzman',
    npi: '1999999904',
    languages: ['en', 'fr'],
    teledentalFeeCents: 12000,
  });
  ids.p5 = await provider({
    firstName: 'Marcus',
    lastName: 'Quintanilla',
    gender: 'male',
    npi: '1999999905',
    teledentalFeeCents: 3000,
  });

  await db.insert(schema.providerOffices).values([
    { providerId: ids.p1, officeId: ids.o1, workingDays: [1, 3, 5], acceptsNewPatients: true, offersTeledental: true },
    {
      providerId: ids.p2,
      officeId: ids.o2,
      workingDays: [1, 2, 3, 4, 5],
      acceptsNewPatients: false,
      offersTeledental: true,
    },
    { providerId: ids.p3, officeId: ids.o1, workingDays: [2, 4], acceptsNewPatients: true, offersTeledental: false },
    { providerId: ids.p3, officeId: ids.o3, workingDays: [6], acceptsNewPatients: true, offersTeledental: false },
    {
      providerId: ids.p4,
      officeId: ids.o4,
      workingDays: [1, 2, 3, 4, 5],
      acceptsNewPatients: true,
      offersTeledental: true,
    },
    {
      providerId: ids.p5,
      officeId: ids.o3,
      workingDays: [2, 3, 4, 5],
      acceptsNewPatients: true,
      offersTeledental: false,
    },
  ]);

  const ref = async (table: 'specialties' | 'visit_reasons' | 'services', slug: string) => {
    const result = (await db.execute(sql`select id from ${sql.identifier(table)} where slug = ${slug}`)) as unknown as {
      rows: { id: number }[];
    };
    return result.rows[0]!.id;
  };
  const general = await ref('specialties', 'general-dentist');
  await db.insert(schema.providerSpecialties).values([
    { providerId: ids.p1, specialtyId: general, isPrimary: true },
    { providerId: ids.p2, specialtyId: await ref('specialties', 'orthodontist'), isPrimary: true },
    { providerId: ids.p3, specialtyId: general, isPrimary: true },
    { providerId: ids.p4, specialtyId: await ref('specialties', 'pedodontist'), isPrimary: true },
    { providerId: ids.p5, specialtyId: await ref('specialties', 'endodontist'), isPrimary: true },
  ]);
  await db.insert(schema.providerVisitReasons).values([
    { providerId: ids.p1, visitReasonId: await ref('visit_reasons', 'dental-cleaning') },
    { providerId: ids.p1, visitReasonId: await ref('visit_reasons', 'toothache') },
    { providerId: ids.p3, visitReasonId: await ref('visit_reasons', 'toothache') },
    { providerId: ids.p2, visitReasonId: await ref('visit_reasons', 'braces') },
  ]);
  await db.insert(schema.officeServices).values([
    { officeId: ids.o1, serviceId: await ref('services', 'invisalign') },
    { officeId: ids.o1, serviceId: await ref('services', 'teledentistry') },
    { officeId: ids.o2, serviceId: await ref('services', 'traditional-braces') },
  ]);

  const [carrierA] = await db.insert(schema.insuranceCarriers).values({ name: 'Valley Mutual Dental' }).returning();
  const [carrierB] = await db.insert(schema.insuranceCarriers).values({ name: 'Sierra Smile Insurance' }).returning();
  ids.carrierA = carrierA!.id;
  ids.carrierB = carrierB!.id;
  const plans = await db
    .insert(schema.insurancePlans)
    .values([
      { carrierId: ids.carrierA, name: 'Valley PPO Basic' },
      { carrierId: ids.carrierA, name: 'Valley PPO Plus' },
      { carrierId: ids.carrierB, name: 'Sierra DHMO' },
    ])
    .returning();
  [ids.planA1, ids.planA2, ids.planB1] = plans.map((p) => p.id) as [number, number, number];
  await db.insert(schema.providerInsurancePlans).values([
    { providerId: ids.p1, planId: ids.planA1, carrierId: ids.carrierA },
    { providerId: ids.p3, planId: ids.planA2, carrierId: ids.carrierA },
    { providerId: ids.p2, planId: ids.planB1, carrierId: ids.carrierB },
  ]);

  // Through the triggers: ratings are computed by the database.
  await db.insert(schema.reviews).values([
    {
      providerId: ids.p1,
      officeId: ids.o1,
      patientDisplayName: 'Lucía G.',
      rating: 5,
      text: 'Excelente.',
      reviewedAt: new Date('2026-05-01T10:00:00Z'),
      officeResponse: '¡Gracias!',
      officeResponseAt: new Date('2026-05-02T10:00:00Z'),
    },
    {
      providerId: ids.p1,
      officeId: ids.o1,
      patientDisplayName: 'Sam K.',
      rating: 5,
      text: 'Great.',
      reviewedAt: new Date('2026-06-01T10:00:00Z'),
    },
    {
      providerId: ids.p1,
      officeId: ids.o1,
      patientDisplayName: 'Robin T.',
      rating: 4,
      text: 'Good.',
      reviewedAt: new Date('2026-07-01T10:00:00Z'),
    },
    {
      providerId: ids.p2,
      officeId: ids.o2,
      patientDisplayName: 'Dana P.',
      rating: 3,
      text: 'Fine.',
      reviewedAt: new Date('2026-03-01T10:00:00Z'),
    },
    {
      providerId: ids.p3,
      officeId: ids.o1,
      patientDisplayName: 'Jordan M.',
      rating: 4,
      text: 'Good.',
      reviewedAt: new Date('2026-02-01T10:00:00Z'),
    },
    {
      providerId: ids.p3,
      officeId: ids.o3,
      patientDisplayName: 'Alex R.',
      rating: 4,
      text: 'Good.',
      reviewedAt: new Date('2026-02-02T10:00:00Z'),
    },
    {
      providerId: ids.p5,
      officeId: ids.o3,
      patientDisplayName: 'Pat W.',
      rating: 2,
      text: 'Late.',
      reviewedAt: new Date('2026-01-02T10:00:00Z'),
    },
  ]);
}

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 150 });
  });
  await insertFixtures();
});

function get(path: string, options: V4Options = {}) {
  return v4('GET', path, options);
}

function query(params: Record<string, string | number | boolean | undefined>) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  return search.toString();
}

function near(params: Record<string, string | number | boolean | undefined> = {}) {
  return query({ lat: FRESNO.lat, lng: FRESNO.lng, ...params });
}

async function providerIds(params: Record<string, string | number | boolean | undefined> = {}) {
  const reply = await get(`/v4/providers?${near(params)}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body.items as { id: number }[]).map((p) => p.id);
}

async function clinicIds(params: Record<string, string | number | boolean | undefined> = {}) {
  const reply = await get(`/v4/clinics?${near(params)}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body.items as { id: number }[]).map((c) => c.id);
}

function search(
  searchText: string,
  options: { lat?: number; lng?: number; country?: string; language?: string; token?: string; query?: string } = {},
) {
  const headers: Record<string, string> = { searchText: encodeURIComponent(searchText) };
  if (options.lat !== undefined) headers.latitude = String(options.lat);
  if (options.lng !== undefined) headers.longitude = String(options.lng);
  if (options.country) headers.country = options.country;
  return get(`/v4/globalSearch${options.query ? `?${options.query}` : ''}`, {
    headers,
    language: options.language,
    token: options.token,
  });
}

/** The next office-local date on this weekday, at least `after` days from today. */
function nextWeekday(weekday: number, after = 1): string {
  let date = addDays(todayIn(TZ), after);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}

describe('GET /v4/globalSearch', () => {
  it('puts the exact name first, ignoring case and accents', async () => {
    const reply = await search('ana nunez', { ...FRESNO });
    expect(reply.status).toBe(200);
    expect(reply.body.providers[0]).toMatchObject({
      id: ids.p1,
      displayName: 'Dr. Ana Núñez',
      officeName: 'Fresno Smile Studio',
      distanceMiles: 0,
    });
    expect(reply.body.providers.map((p: { id: number }) => p.id)).toContain(ids.p2);
    const upper = await search('ANA NÚÑEZ');
    expect(upper.body.providers[0].id).toBe(ids.p1);
  });

  it('answers with every group of the spec', async () => {
    const reply = await search('orth');
    expect(Object.keys(reply.body).sort()).toEqual([
      'clinics',
      'dentalConditions',
      'providers',
      'services',
      'speciality',
    ]);
    expect(reply.body.speciality.map((s: { slug: string }) => s.slug)).toContain('orthodontist');
    expect(reply.body.dentalConditions.map((s: { slug: string }) => s.slug)).toContain('orthodontic-consultation');
  });

  it('tolerates typos in names and in specialities', async () => {
    const name = await search('Quintanila', { ...FRESNO });
    expect(name.body.providers[0]?.id).toBe(ids.p5);
    const swapped = await search('Qiuntanilla');
    expect(swapped.body.providers.map((p: { id: number }) => p.id)).toContain(ids.p5);
    const specialty = await search('orthodontst');
    expect(specialty.body.speciality[0]).toMatchObject({ slug: 'orthodontist', name: 'Orthodontist' });
    const clinic = await search('Clovis Famly');
    expect(clinic.body.clinics[0]).toMatchObject({ id: ids.o2, name: 'Clovis Family Dentistry' });
  });

  it('ignores accents typed or not typed', async () => {
    const typed = await search('José Álvarez', { ...FRESNO });
    const plain = await search('jose alvarez', { ...FRESNO });
    expect(typed.body.providers[0].id).toBe(ids.p3);
    expect(plain.body.providers[0].id).toBe(ids.p3);
  });

  it('ranks equally relevant names by distance', async () => {
    const reply = await search('alvarez', { ...FRESNO });
    expect(reply.body.providers[0]).toMatchObject({ id: ids.p3, distanceMiles: 0 });
    const distances = reply.body.providers.map((p: { distanceMiles: number | null }) => p.distanceMiles);
    expect(distances).toEqual([...distances].sort((a, b) => (a ?? Infinity) - (b ?? Infinity)));
  });

  it('answers in Spanish with Language: sp', async () => {
    const reply = await search('limpieza', { language: 'sp' });
    expect(reply.body.dentalConditions[0]).toMatchObject({ slug: 'dental-cleaning', name: 'Limpieza dental' });
    const english = await search('limpieza', { language: 'en' });
    expect(english.body.dentalConditions[0]).toMatchObject({ slug: 'dental-cleaning', name: 'Dental cleaning' });
    const ortho = await search('ortodon', { language: 'sp' });
    expect(ortho.body.speciality[0]).toMatchObject({ slug: 'orthodontist', name: 'Ortodoncista' });
    const doctor = await search('ana nunez', { language: 'sp' });
    expect(doctor.body.providers[0].displayName).toBe('Dra. Ana Núñez');
  });

  it('finds clinics and services', async () => {
    const reply = await search('fresno smile', { ...FRESNO });
    expect(reply.body.clinics[0]).toMatchObject({
      id: ids.o1,
      name: 'Fresno Smile Studio',
      city: 'Fresno',
      distanceMiles: 0,
    });
    const services = await search('invisalign');
    expect(services.body.services[0]).toMatchObject({ slug: 'invisalign' });
  });

  it('restricts to the country header', async () => {
    const spain = await search('alvarez', { country: 'Spain' });
    expect(spain.body.providers.map((p: { id: number }) => p.id)).not.toContain(ids.p3);
    const usa = await search('alvarez', { country: 'USA', ...FRESNO });
    expect(usa.body.providers[0].id).toBe(ids.p3);
  });

  it('accepts raw UTF-8 header bytes and the text as a query parameter', async () => {
    const raw = await get('/v4/globalSearch', {
      headers: { searchText: Buffer.from('Núñez', 'utf8').toString('latin1') },
    });
    expect(raw.body.providers.map((p: { id: number }) => p.id)).toContain(ids.p1);
    const viaQuery = await get(`/v4/globalSearch?${query({ searchText: 'Núñez' })}`);
    expect(viaQuery.body.providers.map((p: { id: number }) => p.id)).toContain(ids.p1);
  });

  it('answers empty groups for empty, one-letter and wildcard-only text', async () => {
    for (const text of ['', ' ', 'a', '%', '%%', '_', '__%', '\\']) {
      const reply = await search(text);
      expect(reply.status, text).toBe(200);
      expect(reply.body.providers, text).toEqual([]);
      expect(reply.body.clinics, text).toEqual([]);
    }
  });

  it('treats injection attempts as text', async () => {
    for (const text of ["'; drop table providers; --", "a' or '1'='1", 'ana%nunez', 'ana_nunez', '$1', '\u0000ana']) {
      const reply = await get(`/v4/globalSearch?${query({ searchText: text })}`);
      expect(reply.status, text).toBe(200);
    }
    const still = await get(`/v4/providers/${ids.p1}`);
    expect(still.status).toBe(200);
  });

  it('refuses bad input with 400', async () => {
    expect((await search('x'.repeat(101))).status).toBe(400);
    expect(
      (await get('/v4/globalSearch', { headers: { searchText: 'ana', latitude: '91', longitude: '0' } })).status,
    ).toBe(400);
    expect(
      (await get('/v4/globalSearch', { headers: { searchText: 'ana', latitude: 'abc', longitude: '0' } })).status,
    ).toBe(400);
    expect((await get('/v4/globalSearch', { headers: { searchText: 'ana', latitude: '10' } })).status).toBe(400);
    expect((await get('/v4/globalSearch?favorite=maybe')).status).toBe(400);
    expect((await get('/v4/globalSearch?userId=not-a-uuid')).status).toBe(400);
    expect((await get('/v4/globalSearch?unknown=1')).status).toBe(400);
  });

  it('needs a login for favorite and userId, and userId must be the user', async () => {
    expect((await get('/v4/globalSearch?favorite=true')).status).toBe(401);
    expect((await get(`/v4/globalSearch?userId=${crypto.randomUUID()}`)).status).toBe(401);
    const { token, user } = await signUpAndLogin();
    expect((await get(`/v4/globalSearch?userId=${crypto.randomUUID()}`, { token })).status).toBe(403);
    await v4('PUT', `/v4/favorites/providers/${ids.p3}`, { token });
    const mine = await search('n', { token, query: `userId=${user.id}&favorite=true` });
    expect(mine.status).toBe(200);
    const onlyFavorites = await search('alvarez', { token, query: `userId=${user.id}&favorite=true` });
    expect(onlyFavorites.body.providers.map((p: { id: number }) => p.id)).toEqual([ids.p3]);
    const notFavorite = await search('ana nunez', { token, query: 'favorite=true' });
    expect(notFavorite.body.providers).toEqual([]);
    expect((await search('ana', { token: 'wrong' })).status).toBe(401);
  });

  it('finds names changed a moment ago (PostgreSQL is searched, no copy of it)', async () => {
    const db = database.db;
    await search('alvarez');
    // A review changes no name or place.
    const [review] = await db
      .insert(schema.reviews)
      .values({ providerId: ids.p3, officeId: ids.o1, patientDisplayName: 'Sam T.', rating: 5, text: 'Kind.' })
      .returning({ id: schema.reviews.id });
    await db.execute(sql`delete from reviews where id = ${review!.id}`);
    expect((await search('alvarez')).body.providers.map((p: { id: number }) => p.id)).toContain(ids.p3);
    // A renamed provider and a new office are found by the very next search.
    await db.execute(sql`update providers set last_name = 'Zubizarreta' where id = ${ids.p3}`);
    const [added] = await db
      .insert(schema.offices)
      .values({
        name: 'Quetzal Dental Loft',
        latitude: FRESNO.lat,
        longitude: FRESNO.lng,
        phone: '(559) 555-0199',
        addressLine: '9 Fulton St',
        city: 'Fresno',
        state: 'CA',
        zip: '93721',
        countryCode: 'US',
        timeZone: TZ,
        businessHours: mondayToFriday,
        descriptionEn: 'New.',
        descriptionEs: 'Nueva.',
      })
      .returning({ id: schema.offices.id });
    try {
      const renamed = await search('zubizarreta', { ...FRESNO });
      expect(renamed.body.providers[0]).toMatchObject({ id: ids.p3, displayName: 'Dr. José Zubizarreta' });
      expect((await search('alvarez')).body.providers.map((p: { id: number }) => p.id)).not.toContain(ids.p3);
      expect((await search('quetzal')).body.clinics[0]).toMatchObject({ id: added!.id, name: 'Quetzal Dental Loft' });
    } finally {
      await db.execute(sql`update providers set last_name = 'Álvarez' where id = ${ids.p3}`);
      await db.execute(sql`delete from offices where id = ${added!.id}`);
    }
    expect((await search('jose alvarez', { ...FRESNO })).body.providers[0].id).toBe(ids.p3);
    expect((await search('quetzal')).body.clinics).toEqual([]);
  });
});

describe('GET /v4/providers', () => {
  it('lists providers within the radius with distances in miles', async () => {
    const reply = await get(`/v4/providers?${near({ radius: 25 })}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ page: 1, pageSize: 10, total: 4, totalCapped: false });
    const items = reply.body.items as { id: number; distanceMiles: number; office: { id: number } }[];
    expect(items.map((p) => p.id)).toEqual([ids.p1, ids.p3, ids.p2, ids.p4]);
    expect(items[0]!.distanceMiles).toBe(0);
    expect(items[2]!.distanceMiles).toBeGreaterThan(6);
    expect(items[2]!.distanceMiles).toBeLessThan(9);
    expect(items[3]!.distanceMiles).toBeGreaterThan(19);
    expect(items[3]!.distanceMiles).toBeLessThan(25);
    expect(await providerIds({ radius: 5 })).toEqual([ids.p1, ids.p3]);
    expect(await providerIds({ radius: 50 })).toEqual([ids.p1, ids.p3, ids.p2, ids.p4, ids.p5]);
  });

  it('lists a provider once, at the nearest office in range', async () => {
    const reply = await get(`/v4/providers?${near({ radius: 50 })}`);
    const alvarez = reply.body.items.filter((p: { id: number }) => p.id === ids.p3);
    expect(alvarez).toHaveLength(1);
    expect(alvarez[0]).toMatchObject({
      officeCount: 2,
      office: { id: ids.o1, name: 'Fresno Smile Studio', timeZone: TZ },
    });
  });

  it('returns cards with everything a result shows', async () => {
    const reply = await get(`/v4/providers?${near({ radius: 5 })}`);
    const card = reply.body.items[0];
    expect(card).toMatchObject({
      id: ids.p1,
      displayName: 'Dr. Ana Núñez',
      firstName: 'Ana',
      lastName: 'Núñez',
      title: 'DDS',
      specialties: [{ slug: 'general-dentist', name: 'General Dentist' }],
      languages: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Spanish' },
      ],
      rating: { average: 4.67, count: 3 },
      teledentalFeeCents: 5000,
      office: {
        id: ids.o1,
        acceptsNewPatients: true,
        offersTeledental: true,
        teledentalAvailable: true,
        latitude: FRESNO.lat,
      },
    });
    expect(card.nextSlots.length).toBeGreaterThan(0);
    expect(card.nextSlots.length).toBeLessThanOrEqual(3);
    for (const slot of card.nextSlots) {
      expect([1, 3, 5]).toContain(weekdayOf(slot.localDate));
      expect(Date.parse(slot.start)).toBeGreaterThan(Date.now());
      expect(slot.officeId).toBe(ids.o1);
    }
  });

  it('filters by specialty, visit reason, insurance, visit type, new patients and language', async () => {
    expect(await providerIds({ specialty: 'orthodontist' })).toEqual([ids.p2]);
    expect(await providerIds({ visitReason: 'dental-cleaning' })).toEqual([ids.p1]);
    expect(await providerIds({ visitReason: 'toothache' })).toEqual([ids.p1, ids.p3]);
    expect(await providerIds({ carrier: ids.carrierA })).toEqual([ids.p1, ids.p3]);
    expect(await providerIds({ plan: ids.planA2 })).toEqual([ids.p3]);
    expect(await providerIds({ carrier: ids.carrierA, plan: ids.planB1 })).toEqual([]);
    // Clovis has no teledental payment setup: Dr. Núñez-Ortega offers it but cannot take it there.
    expect(await providerIds({ visitType: 'virtual' })).toEqual([ids.p1, ids.p4]);
    expect(await providerIds({ visitType: 'inOffice' })).toEqual([ids.p1, ids.p3, ids.p2, ids.p4]);
    expect(await providerIds({ acceptsNewPatients: true })).toEqual([ids.p1, ids.p3, ids.p4]);
    expect(await providerIds({ acceptsNewPatients: false })).toEqual([ids.p1, ids.p3, ids.p2, ids.p4]);
    expect(await providerIds({ language: 'fr' })).toEqual([ids.p4]);
    expect(await providerIds({ language: 'es' })).toEqual([ids.p1, ids.p3]);
    expect(await providerIds({ specialty: 'general-dentist', language: 'es', carrier: ids.carrierA })).toEqual([
      ids.p1,
      ids.p3,
    ]);
  });

  it('filters by available dates, per office', async () => {
    const saturday = nextWeekday(6);
    // Only Dr. Álvarez works on Saturdays, and only in Visalia.
    const reply = await get(`/v4/providers?${near({ radius: 50, from: saturday, to: saturday })}`);
    expect(reply.body.items.map((p: { id: number }) => p.id)).toEqual([ids.p3]);
    expect(reply.body.items[0].office.id).toBe(ids.o3);
    expect(reply.body.items[0].nextSlots.every((s: { localDate: string }) => s.localDate === saturday)).toBe(true);
    const tuesday = nextWeekday(2);
    expect(await providerIds({ from: tuesday })).toEqual([ids.p3, ids.p2, ids.p4]);
    const week = await providerIds({ from: nextWeekday(1), to: addDays(nextWeekday(1), 6) });
    expect(week).toEqual([ids.p1, ids.p3, ids.p2, ids.p4]);
  });

  it('sorts six ways', async () => {
    expect(await providerIds({ sort: 'closest' })).toEqual([ids.p1, ids.p3, ids.p2, ids.p4]);
    // Unrated providers go last both ways.
    expect(await providerIds({ sort: 'ratingDesc' })).toEqual([ids.p1, ids.p3, ids.p2, ids.p4]);
    expect(await providerIds({ sort: 'ratingAsc' })).toEqual([ids.p2, ids.p3, ids.p1, ids.p4]);
    expect(await providerIds({ sort: 'feeAsc' })).toEqual([ids.p3, ids.p1, ids.p2, ids.p4]);
    expect(await providerIds({ sort: 'feeDesc' })).toEqual([ids.p4, ids.p2, ids.p1, ids.p3]);
    const byAvailability = await get(`/v4/providers?${near({ sort: 'availability' })}`);
    const firsts = byAvailability.body.items.map(
      (p: { nextSlots: { start: string }[] }) => p.nextSlots[0]?.start ?? '~',
    );
    expect(firsts).toEqual([...firsts].sort());
    expect(byAvailability.body.items).toHaveLength(4);
  });

  it('paginates with totals', async () => {
    const first = await get(`/v4/providers?${near({ pageSize: 2, page: 1 })}`);
    const second = await get(`/v4/providers?${near({ pageSize: 2, page: 2 })}`);
    const third = await get(`/v4/providers?${near({ pageSize: 2, page: 3 })}`);
    expect(first.body).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(first.body.items.map((p: { id: number }) => p.id)).toEqual([ids.p1, ids.p3]);
    expect(second.body.items.map((p: { id: number }) => p.id)).toEqual([ids.p2, ids.p4]);
    expect(third.body).toMatchObject({ total: 4, items: [] });
  });

  it('answers an empty page for unknown slugs and empty places', async () => {
    expect(await providerIds({ specialty: 'astronaut' })).toEqual([]);
    expect(await providerIds({ visitReason: 'time-travel' })).toEqual([]);
    const ocean = await get(`/v4/providers?${query({ lat: 0, lng: -140 })}`);
    expect(ocean.body).toMatchObject({ items: [], total: 0 });
  });

  it('lists the generated providers of a seeded metro', async () => {
    const reply = await get(`/v4/providers?${query({ lat: 40.7549, lng: -73.984, radius: 100, pageSize: 50 })}`);
    expect(reply.status).toBe(200);
    expect(reply.body.total).toBeGreaterThan(0);
    expect(reply.body.totalCapped).toBe(false);
  });

  it('refuses bad input with 400, never 500', async () => {
    const bad = [
      query({ lng: 1 }),
      query({ lat: 1 }),
      near({ lat: 91 }),
      near({ lat: -90.5 }),
      near({ lng: 181 }),
      near({ lat: 'abc' }),
      near({ lat: 'NaN' }),
      near({ lat: 'Infinity' }),
      near({ lat: '1e3' }),
      near({ radius: 0 }),
      near({ radius: 101 }),
      near({ radius: 1e9 }),
      near({ radius: 2.5 }),
      near({ page: 0 }),
      near({ page: 501 }),
      near({ pageSize: 51 }),
      near({ pageSize: 0 }),
      near({ sort: 'random' }),
      near({ visitType: 'teleport' }),
      near({ language: 'klingon' }),
      near({ specialty: "x' or 1=1" }),
      near({ carrier: -1 }),
      near({ plan: 'abc' }),
      near({ acceptsNewPatients: 'yes' }),
      near({ from: '2026-13-01' }),
      near({ from: 'tomorrow' }),
      near({ from: '1999-01-01' }),
      near({ from: addDays(todayIn(TZ), 3), to: addDays(todayIn(TZ), 1) }),
      near({ from: addDays(todayIn(TZ), 1), to: addDays(todayIn(TZ), 60) }),
      near({ to: addDays(todayIn(TZ), 1) }),
      near({ unknown: 'x' }),
      `${near()}&lat=2`,
    ];
    for (const q of bad) {
      const reply = await get(`/v4/providers?${q}`);
      expect(reply.status, q).toBe(400);
      expect(reply.body.errorCode, q).toBe('badRequest');
    }
  });
});

describe('listings follow changes', () => {
  it('show a new review, a new office of a provider and a pair taken away at the very next listing', async () => {
    const db = database.db;
    const ids_ = (body: { items: { id: number }[] }) => body.items.map((p) => p.id);
    const byRating = async () => ids_((await get(`/v4/providers?${near({ radius: 60, sort: 'ratingDesc' })}`)).body);
    const before = await byRating();
    // Two five-star reviews put Dr. Quintanilla (2 stars so far) ahead of Dr. Álvarez (4): taken in place.
    const reviews = await db
      .insert(schema.reviews)
      .values(
        [1, 2].map((n) => ({
          providerId: ids.p5,
          officeId: ids.o3,
          patientDisplayName: `Kim ${n}.`,
          rating: 5,
          text: 'Great.',
        })),
      )
      .returning({ id: schema.reviews.id });
    try {
      const after = await byRating();
      expect(after.indexOf(ids.p5)).toBeLessThan(after.indexOf(ids.p3));
      expect(before.indexOf(ids.p5)).toBeGreaterThan(before.indexOf(ids.p3));
    } finally {
      await db.execute(sql`delete from reviews where id = any(${`{${reviews.map((r) => r.id).join(',')}}`}::int[])`);
    }
    expect(await byRating()).toEqual(before);
    // Dr. Schwartzman starts at Fresno Smile Studio, then leaves.
    const nearFresno = async () => ids_((await get(`/v4/providers?${near({ radius: 5 })}`)).body);
    expect(await nearFresno()).not.toContain(ids.p4);
    await db.insert(schema.providerOffices).values({
      providerId: ids.p4,
      officeId: ids.o1,
      workingDays: [2],
      acceptsNewPatients: true,
      offersTeledental: false,
    });
    try {
      expect(await nearFresno()).toContain(ids.p4);
    } finally {
      await db.execute(sql`delete from provider_offices where provider_id = ${ids.p4} and office_id = ${ids.o1}`);
    }
    expect(await nearFresno()).not.toContain(ids.p4);
  });
});

describe('listing candidates', () => {
  it('are the ones PostgreSQL finds nearest first, whatever the limit', async () => {
    const { findProviderCandidates } = await import('../search/listings-repository');
    const { tagsOf } = await import('../sql/listing-tags');
    const newYork = { lat: 40.7549, lng: -73.984 };
    const specialty = (await database.db.execute(
      sql`select id from specialties where slug = 'orthodontist'`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const cases = [
      { center: FRESNO, radius: 80_000, filters: {} },
      { center: FRESNO, radius: 80_000, filters: { acceptsNewPatients: true, language: 'es' } },
      { center: FRESNO, radius: 80_000, filters: { carrierId: ids.carrierA } },
      { center: newYork, radius: 160_000, filters: {} },
      { center: newYork, radius: 40_000, filters: { virtual: true } },
      { center: newYork, radius: 40_000, filters: { specialtyId: specialty.rows[0]!.id }, weekdays: [1, 2] },
    ];
    for (const { center, radius, filters, weekdays } of cases) {
      const tags = tagsOf(filters);
      // Every match in the radius, as PostgreSQL measures and orders them.
      const result = (await database.db.execute(sql`
        select l.provider_id, l.office_id, earth_distance(o.geo, ll_to_earth(${center.lat}::float8, ${center.lng}::float8)) as meters
          from provider_listings l
          join offices o on o.id = l.office_id
         where l.tags @> ${`{${tags.join(',')}}`}::int[]
           and l.working_days && ${`{${(weekdays ?? [0, 1, 2, 3, 4, 5, 6]).join(',')}}`}::smallint[]
           and earth_distance(o.geo, ll_to_earth(${center.lat}::float8, ${center.lng}::float8)) <= ${radius}::float8
         order by o.geo <-> ll_to_earth(${center.lat}::float8, ${center.lng}::float8), l.provider_id`)) as unknown as {
        rows: { provider_id: number; office_id: number; meters: number }[];
      };
      const all = result.rows.map((r) => ({ ...r, meters: Number(r.meters) }));
      expect(all.length, JSON.stringify(filters)).toBeGreaterThan(0);
      for (const limit of [1, 3, 300]) {
        const found = (await findProviderCandidates(center, radius, { tags, weekdays }, limit)).map((r) => ({
          id: r.provider_id,
          officeId: r.office_id,
          meters: Number(r.meters),
        }));
        // Providers of one office tie in distance and may come in either order (and either may
        // be the one cut by a small limit): the distances agree, and the pairs when none is cut.
        const distances = (list: { meters: number }[]) => list.map((r) => Math.round(r.meters));
        expect(distances(found), JSON.stringify({ filters, limit })).toEqual(distances(all.slice(0, limit)));
        const pairs = (list: { provider: number; office: number }[]) =>
          list.map((r) => `${r.provider}@${r.office}`).sort();
        if (all.length <= limit) {
          expect(pairs(found.map((r) => ({ provider: r.id, office: r.officeId })))).toEqual(
            pairs(all.map((r) => ({ provider: r.provider_id, office: r.office_id }))),
          );
        }
      }
    }
  });
});

describe('clinic candidates', () => {
  it('give the same answer whether the first pass suffices or the whole radius is read', async () => {
    const { findClinicCandidates } = await import('../search/listings-repository');
    const newYork = { lat: 40.7549, lng: -73.984 };
    const cases = [
      { center: FRESNO, radius: 80_000, filters: {} },
      { center: FRESNO, radius: 80_000, filters: { acceptsNewPatients: true, language: 'es' } },
      { center: newYork, radius: 160_000, filters: {} },
      { center: newYork, radius: 40_000, filters: { virtual: true } },
    ];
    for (const { center, radius, filters } of cases) {
      for (const limit of [1, 3, 300]) {
        const key = (rows: { office_id: number; meters: number }[]) =>
          rows.map((r) => `${r.office_id}:${Math.round(r.meters)}`);
        for (const aggregates of [false, true]) {
          expect(
            await findClinicCandidates(center, radius, filters, limit, { aggregates, nearestOffices: 2 }).then(key),
          ).toEqual(
            await findClinicCandidates(center, radius, filters, limit, { aggregates, nearestOffices: 10_000 }).then(
              key,
            ),
          );
        }
      }
    }
  });
});

describe('GET /v4/clinics', () => {
  it('lists offices near a point, filtered and sorted', async () => {
    const reply = await get(`/v4/clinics?${near()}`);
    expect(reply.status).toBe(200);
    expect(reply.body.total).toBe(3);
    expect(reply.body.items.map((c: { id: number }) => c.id)).toEqual([ids.o1, ids.o2, ids.o4]);
    expect(reply.body.items[0]).toMatchObject({
      id: ids.o1,
      name: 'Fresno Smile Studio',
      distanceMiles: 0,
      providerCount: 2,
      acceptsNewPatients: true,
      teledentalAvailable: true,
      minTeledentalFeeCents: 5000,
      timeZone: TZ,
    });
    expect(reply.body.items[0].nextSlots[0]).toHaveProperty('providerId');
    expect(await clinicIds({ radius: 50 })).toEqual([ids.o1, ids.o2, ids.o4, ids.o3]);
    expect(await clinicIds({ service: 'invisalign' })).toEqual([ids.o1]);
    expect(await clinicIds({ service: 'moon-landing' })).toEqual([]);
    expect(await clinicIds({ specialty: 'orthodontist' })).toEqual([ids.o2]);
    expect(await clinicIds({ visitType: 'virtual' })).toEqual([ids.o1, ids.o4]);
    expect(await clinicIds({ acceptsNewPatients: true })).toEqual([ids.o1, ids.o4]);
    expect(await clinicIds({ language: 'fr' })).toEqual([ids.o4]);
    expect(await clinicIds({ carrier: ids.carrierB })).toEqual([ids.o2]);
    expect(await clinicIds({ sort: 'feeAsc' })).toEqual([ids.o1, ids.o4, ids.o2]);
    expect(await clinicIds({ sort: 'ratingDesc' })).toEqual([ids.o1, ids.o2, ids.o4]);
    expect(await clinicIds({ pageSize: 1, page: 2 })).toEqual([ids.o2]);
    expect((await get(`/v4/clinics?${near({ radius: 500 })}`)).status).toBe(400);
  });
});

describe('GET /v4/providers/{id} and /v4/clinics/{id}', () => {
  it('has everything the provider page shows, in the request language', async () => {
    const reply = await get(`/v4/providers/${ids.p1}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: ids.p1,
      npi: '1999999901',
      displayName: 'Dr. Ana Núñez',
      biography: 'Dr. Núñez loves gentle dentistry.',
      education: [{ degree: 'DDS', institution: 'UCSF School of Dentistry', year: 2010 }],
      experienceYears: 15,
      awards: [{ title: "Patients' Choice Award", year: 2024 }],
      specialties: [{ slug: 'general-dentist' }],
      insurance: [
        {
          carrierId: ids.carrierA,
          carrierName: 'Valley Mutual Dental',
          plans: [{ id: ids.planA1, name: 'Valley PPO Basic' }],
        },
      ],
      teledentalFeeCents: 5000,
      rating: { average: 4.67, count: 3 },
      acceptsNewPatients: true,
      teledentalAvailable: true,
      offices: [
        { id: ids.o1, timeZone: TZ, workingDays: [1, 3, 5], acceptsNewPatients: true, businessHours: mondayToFriday },
      ],
    });
    expect(reply.body.visitReasons.map((r: { slug: string }) => r.slug).sort()).toEqual([
      'dental-cleaning',
      'toothache',
    ]);
    expect(reply.body.reviews.map((r: { text: string }) => r.text)).toEqual(['Good.', 'Great.', 'Excelente.']);
    expect(reply.body.reviews[2]).toMatchObject({
      officeName: 'Fresno Smile Studio',
      officeResponse: { text: '¡Gracias!' },
    });
    expect(Date.parse(reply.body.updatedAt)).not.toBeNaN();
    const spanish = await get(`/v4/providers/${ids.p1}`, { language: 'sp' });
    expect(spanish.body).toMatchObject({
      displayName: 'Dra. Ana Núñez',
      biography: 'La Dra. Núñez practica una odontología suave.',
    });
    expect(spanish.body.specialties[0].name).toBe('Dentista general');
  });

  it('has everything the clinic page shows', async () => {
    const reply = await get(`/v4/clinics/${ids.o1}`, { language: 'sp' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: ids.o1,
      name: 'Fresno Smile Studio',
      description: 'Fresno Smile Studio atiende a familias del Valle Central.',
      timeZone: TZ,
      businessHours: mondayToFriday,
      languages: [
        { code: 'en', name: 'Inglés' },
        { code: 'es', name: 'Español' },
      ],
      technologies: [{ code: 'digital-xray', name: 'Radiografías digitales' }],
      amenities: [{ code: 'free-parking', name: 'Estacionamiento gratuito' }],
      teledentalPaymentReady: true,
      rating: { average: 4.5, count: 4 },
    });
    expect(reply.body.services.map((s: { slug: string }) => s.slug).sort()).toEqual(['invisalign', 'teledentistry']);
    expect(reply.body.specialties.map((s: { slug: string }) => s.slug)).toEqual(['general-dentist']);
    expect(reply.body.providers.map((p: { id: number; workingDays: number[] }) => [p.id, p.workingDays])).toEqual([
      [ids.p3, [2, 4]],
      [ids.p1, [1, 3, 5]],
    ]);
  });

  it('pages through reviews', async () => {
    const reply = await get(`/v4/providers/${ids.p1}/reviews?pageSize=2&page=2`);
    expect(reply.body).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ text: 'Excelente.' }] });
    const clinic = await get(`/v4/clinics/${ids.o3}/reviews`);
    expect(clinic.body.total).toBe(2);
    expect((await get('/v4/clinics/99999999/reviews')).status).toBe(404);
  });

  it('keeps ratings up to date as reviews change', async () => {
    const db = database.db;
    await db
      .insert(schema.reviews)
      .values({ providerId: ids.p4, officeId: ids.o4, patientDisplayName: 'Kim L.', rating: 3, text: 'Ok.' });
    const after = await get(`/v4/providers/${ids.p4}`);
    expect(after.body.rating).toEqual({ average: 3, count: 1 });
    await db.execute(sql`delete from reviews where provider_id = ${ids.p4}`);
    expect((await get(`/v4/providers/${ids.p4}`)).body.rating).toEqual({ average: 0, count: 0 });
    expect((await get(`/v4/clinics/${ids.o4}`)).body.rating).toEqual({ average: 0, count: 0 });
  });

  it('answers 404 with the spec message for unknown ids and ids of the wrong shape', async () => {
    for (const id of [
      '99999999',
      '0',
      '-1',
      '1.5',
      'abc',
      '1e3',
      '99999999999',
      '2147483648',
      "1'%20or%20'1'='1",
      '%F0%9F%98%80',
      '%2F',
    ]) {
      for (const path of [
        `/v4/providers/${id}`,
        `/v4/clinics/${id}`,
        `/v4/providers/${id}/slots`,
        `/v4/providers/${id}/reviews`,
      ]) {
        const reply = await get(path);
        expect(reply.status, path).toBe(404);
        expect(reply.body.message, path).toBe(NOT_FOUND);
      }
    }
    // A malformed %-escape never reaches the handler: the dispatcher answers its generic 404.
    expect((await get('/v4/providers/%')).status).toBe(404);
    const spanish = await get('/v4/providers/99999999', { language: 'sp' });
    expect(spanish.body.message).toBe('Este consultorio no existe o no está disponible en tu región.');
  });
});

describe('GET /v4/providers/{id}/slots', () => {
  it('gives days grouped morning and afternoon in the office time zone', async () => {
    const monday = nextWeekday(1);
    const reply = await get(
      `/v4/providers/${ids.p1}/slots?${query({ officeId: ids.o1, from: monday, to: addDays(monday, 2) })}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      providerId: ids.p1,
      officeId: ids.o1,
      timeZone: TZ,
      slotMinutes: 60,
      from: monday,
      to: addDays(monday, 2),
    });
    expect(
      reply.body.days.map((d: { date: string; morning: unknown[]; afternoon: unknown[] }) => [
        d.date,
        d.morning.length,
        d.afternoon.length,
      ]),
    ).toEqual([
      [monday, 3, 5],
      [addDays(monday, 1), 0, 0],
      [addDays(monday, 2), 3, 5],
    ]);
    const nine = reply.body.days[0].morning[0];
    expect(nine.localTime).toBe('09:00');
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: TZ, timeZoneName: 'shortOffset' })
      .formatToParts(new Date(nine.start))
      .find((p) => p.type === 'timeZoneName')!.value;
    expect(nine.start).toBe(`${monday}T${offset === 'GMT-8' ? '17' : '16'}:00:00.000Z`);
  });

  it('puts 9:00 in Los Angeles at 17:00Z in winter', async () => {
    let date = nextWeekday(1);
    while (!['12', '01', '02'].includes(date.slice(5, 7))) date = addDays(date, 7);
    const reply = await get(`/v4/providers/${ids.p1}/slots?${query({ from: date, to: date })}`);
    expect(reply.body.days[0].morning[0]).toMatchObject({
      start: `${date}T17:00:00.000Z`,
      localDate: date,
      localTime: '09:00',
    });
  });

  it('defaults to the first office and a week from today, never in the past', async () => {
    const reply = await get(`/v4/providers/${ids.p3}/slots`);
    expect(reply.status).toBe(200);
    expect(reply.body.officeId).toBe(ids.o1);
    expect(reply.body.days).toHaveLength(7);
    expect(reply.body.days[0].date).toBe(todayIn(TZ));
    const all = reply.body.days.flatMap((d: { morning: { start: string }[]; afternoon: { start: string }[] }) => [
      ...d.morning,
      ...d.afternoon,
    ]);
    expect(all.every((s: { start: string }) => Date.parse(s.start) > Date.now())).toBe(true);
    const visalia = await get(`/v4/providers/${ids.p3}/slots?officeId=${ids.o3}`);
    expect(visalia.body).toMatchObject({ officeId: ids.o3, acceptsNewPatients: true, teledentalAvailable: false });
  });

  it('refuses bad ranges and offices the provider does not work at', async () => {
    const today = todayIn(TZ);
    for (const q of [
      query({ from: today, to: addDays(today, 14) }),
      query({ from: addDays(today, 2), to: today }),
      query({ from: '2026-02-30' }),
      query({ to: today }),
      query({ officeId: 'x' }),
      query({ days: 3 }),
    ]) {
      expect((await get(`/v4/providers/${ids.p1}/slots?${q}`)).status, q).toBe(400);
    }
    expect((await get(`/v4/providers/${ids.p1}/slots?officeId=${ids.o2}`)).status).toBe(404);
    expect((await get(`/v4/providers/${ids.p1}/slots?${query({ from: today, to: addDays(today, 13) })}`)).status).toBe(
      200,
    );
  });
});

describe('favourites', () => {
  it('adds, lists and removes providers and clinics, idempotently', async () => {
    const { token } = await signUpAndLogin();
    const empty = await get('/v4/favorites', { token });
    expect(empty.body).toEqual({ providerIds: [], clinicIds: [], providers: [], clinics: [] });

    for (let i = 0; i < 2; i++) {
      const added = await v4('PUT', `/v4/favorites/providers/${ids.p3}`, { token });
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ kind: 'provider', id: ids.p3, favorite: true });
    }
    expect((await v4('PUT', `/v4/favorites/clinics/${ids.o2}`, { token })).body).toEqual({
      kind: 'clinic',
      id: ids.o2,
      favorite: true,
    });

    const list = await get(`/v4/favorites?${query({ lat: 36.33, lng: -119.29 })}`, { token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ providerIds: [ids.p3], clinicIds: [ids.o2] });
    // Near Visalia, Dr. Álvarez's card is about the Visalia office.
    expect(list.body.providers[0]).toMatchObject({ id: ids.p3, office: { id: ids.o3 } });
    expect(list.body.providers[0].distanceMiles).toBeLessThan(1);
    expect(list.body.clinics[0]).toMatchObject({ id: ids.o2, name: 'Clovis Family Dentistry' });
    expect((await get('/v4/favorites/ids', { token })).body).toEqual({ providerIds: [ids.p3], clinicIds: [ids.o2] });
    const noPoint = await get('/v4/favorites', { token });
    expect(noPoint.body.providers[0]).toMatchObject({ office: { id: ids.o1 }, distanceMiles: null });

    for (let i = 0; i < 2; i++) {
      const removed = await v4('DELETE', `/v4/favorites/providers/${ids.p3}`, { token });
      expect(removed.body).toEqual({ kind: 'provider', id: ids.p3, favorite: false });
    }
    await v4('DELETE', `/v4/favorites/clinics/${ids.o2}`, { token });
    expect((await get('/v4/favorites', { token })).body.providerIds).toEqual([]);
  });

  it('keeps each user to their own favourites', async () => {
    const a = await signUpAndLogin();
    const b = await signUpAndLogin();
    await v4('PUT', `/v4/favorites/providers/${ids.p1}`, { token: a.token });
    expect((await get('/v4/favorites', { token: b.token })).body.providerIds).toEqual([]);
    expect((await get('/v4/favorites', { token: a.token })).body.providerIds).toEqual([ids.p1]);
  });

  it('needs a live session and known ids', async () => {
    expect((await get('/v4/favorites')).status).toBe(401);
    expect((await get('/v4/favorites/ids')).status).toBe(401);
    expect((await v4('PUT', `/v4/favorites/providers/${ids.p1}`)).status).toBe(401);
    expect((await v4('DELETE', `/v4/favorites/clinics/${ids.o1}`, { token: 'nope' })).status).toBe(401);
    const { token } = await signUpAndLogin();
    for (const path of [
      '/v4/favorites/providers/99999999',
      '/v4/favorites/clinics/99999999',
      '/v4/favorites/providers/abc',
      '/v4/favorites/clinics/-3',
    ]) {
      const reply = await v4('PUT', path, { token });
      expect(reply.status, path).toBe(404);
      expect(reply.body.message).toBe(NOT_FOUND);
    }
    expect((await get('/v4/favorites?lat=10', { token })).status).toBe(400);
    expect((await v4('POST', `/v4/favorites/providers/${ids.p1}`, { token })).status).toBe(405);
  });
});

describe('reference lists and sitemap', () => {
  it('lists filter options in the request language', async () => {
    const specialties = await get('/v4/specialties', { language: 'sp' });
    expect(specialties.body).toHaveLength(11);
    expect(specialties.body.map((s: { name: string }) => s.name)).toContain('Ortodoncista');
    const reasons = await get('/v4/visitReasons');
    expect(reasons.body.length).toBeGreaterThanOrEqual(45);
    const services = await get('/v4/services');
    expect(services.body.map((s: { slug: string }) => s.slug)).toContain('invisalign');
    const carriers = await get('/v4/insuranceCarriers');
    const valley = carriers.body.find((c: { id: number }) => c.id === ids.carrierA);
    expect(valley.plans.map((p: { name: string }) => p.name)).toEqual(['Valley PPO Basic', 'Valley PPO Plus']);
    expect(carriers.body.flatMap((c: { plans: unknown[] }) => c.plans).length).toBeGreaterThan(500);
  });

  it('pages provider and clinic ids with their last change', async () => {
    const first = await get('/v4/sitemap/providers?pageSize=100');
    expect(first.body).toMatchObject({ page: 1, pageSize: 100, lastPage: 2 });
    expect(first.body.items).toHaveLength(100);
    expect(first.body.items[0].id).toBe(1);
    expect(Date.parse(first.body.items[0].updatedAt)).not.toBeNaN();
    const last = await get('/v4/sitemap/providers?pageSize=100&page=2');
    expect(last.body.items.map((i: { id: number }) => i.id)).toContain(ids.p5);
    const clinics = await get('/v4/sitemap/clinics?pageSize=50000');
    expect(clinics.body.items.map((i: { id: number }) => i.id)).toContain(ids.o4);
    expect((await get('/v4/sitemap/clinics?pageSize=50001')).status).toBe(400);
  });

  it('lists every discovery route in the OpenAPI document', async () => {
    const { buildOpenApiDocument } = await import('../../contracts/openapi');
    const paths = Object.keys(buildOpenApiDocument().paths);
    for (const path of [
      '/v4/globalSearch',
      '/v4/providers',
      '/v4/providers/{id}',
      '/v4/providers/{id}/slots',
      '/v4/clinics',
      '/v4/clinics/{id}',
      '/v4/favorites',
      '/v4/favorites/providers/{id}',
      '/v4/favorites/clinics/{id}',
      '/v4/specialties',
      '/v4/visitReasons',
      '/v4/insuranceCarriers',
      '/v4/sitemap/providers',
    ]) {
      expect(paths, path).toContain(path);
    }
    const search = buildOpenApiDocument().paths['/v4/globalSearch']!.get as {
      parameters: { name: string; in: string }[];
    };
    expect(search.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'searchText', in: 'header' }),
        expect.objectContaining({ name: 'userId', in: 'query' }),
      ]),
    );
  });
});

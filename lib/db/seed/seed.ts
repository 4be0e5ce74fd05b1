import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db-type';
import * as schema from '../schema';
import { COUNTRIES, INSURANCE_CARRIERS, SPECIALTIES, VISIT_REASONS, plansFor } from './reference-data';
import { seededRandom } from './random';
import { hashPassword } from '../../security/password';
import { SERVICES } from './discovery-data';
import { seedDiscovery } from './discovery';
import { queryRows } from '../raw';

// 2: the services reference list (issue 3). Reference inserts are idempotent, so a database
// seeded at version 1 simply gains what is new.
export const SEED_VERSION = '2';
export const DEMO_PATIENT = { email: 'demo.patient@example.com', password: 'DemoPass1' } as const;

/**
 * Deterministic seed, each part inside one transaction (a crash half-way leaves nothing
 * behind, and the next start seeds again): reference data once per SEED_VERSION, then the
 * generated providers when their tables are empty (`npm run seed` re-seeds another size).
 */
export async function seedDatabase(db: Db, options: { seedProviders?: number } = {}): Promise<void> {
  const done = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, 'seed_version'));
  if (done[0]?.value !== SEED_VERSION) await seedReferenceData(db);
  await seedProvidersIfEmpty(db, options.seedProviders ?? 0);
}

/**
 * Providers, offices and reviews (issue 3), generated once when the tables are empty, so an
 * existing development database gains them on its next start. Callers that pass no size (the
 * test databases) get none and insert their own fixtures.
 */
async function seedProvidersIfEmpty(db: Db, providers: number): Promise<void> {
  if (providers <= 0) return;
  const [row] = await queryRows<{ present: boolean }>(db, sql`select exists (select 1 from providers) as present`);
  if (row?.present) return;
  await db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as Db, { providers });
  });
  // PGlite runs no autovacuum: without fresh statistics the planner would guess table sizes.
  await db.execute(sql`analyze`);
}

async function seedReferenceData(db: Db): Promise<void> {
  const random = seededRandom(20261121);
  const demoHash = await hashPassword(DEMO_PATIENT.password);

  await db.transaction(async (tx) => {
    await tx
      .insert(schema.countries)
      .values(COUNTRIES.map((c, i) => ({ ...c, sortOrder: i })))
      .onConflictDoNothing();
    await tx
      .insert(schema.specialties)
      .values(SPECIALTIES.map(([slug, nameEn, nameEs]) => ({ slug, nameEn, nameEs })))
      .onConflictDoNothing();
    await tx
      .insert(schema.visitReasons)
      .values(VISIT_REASONS.map(([slug, nameEn, nameEs]) => ({ slug, nameEn, nameEs })))
      .onConflictDoNothing();
    await tx
      .insert(schema.services)
      .values(SERVICES.map(([slug, nameEn, nameEs]) => ({ slug, nameEn, nameEs })))
      .onConflictDoNothing();
    const carriers = await tx
      .insert(schema.insuranceCarriers)
      .values(INSURANCE_CARRIERS.map((name) => ({ name })))
      .onConflictDoNothing()
      .returning();
    const plans = carriers.flatMap((carrier) =>
      plansFor(carrier.name, random.pick).map((name) => ({ carrierId: carrier.id, name })),
    );
    if (plans.length) await tx.insert(schema.insurancePlans).values(plans).onConflictDoNothing();

    await tx
      .insert(schema.patientAppUsers)
      .values({
        email: DEMO_PATIENT.email,
        passwordHash: demoHash,
        firstName: 'Dana',
        lastName: 'Demo',
        phoneCountry: 'US',
        phoneNumber: '2125550123',
        gender: 'female',
        dateOfBirth: '1990-04-12',
        streetAddress: '350 5th Ave',
        suite: 'Apt 12',
        city: 'New York',
        state: 'NY',
        zip: '10118',
        country: 'US',
      })
      .onConflictDoNothing();

    await tx
      .insert(schema.appMeta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({ target: schema.appMeta.key, set: { value: SEED_VERSION } });
  });
}

import { asc, eq, sql } from 'drizzle-orm';
import * as schema from '../schema';
import { COUNTRIES, INSURANCE_CARRIERS, SPECIALTIES, VISIT_REASONS, plansFor } from './reference-data';
import { seededRandom } from './random';
import { hashPassword, sha256 } from '../../security/password';
import { logger } from '../../logging/logger';
import { SERVICES } from './discovery-data';
import { seedDiscovery } from './discovery';
import { seedAroundTheClock } from './around-the-clock';
import { queryRows } from '../raw';
import type { Db } from '../db-type';

// 2: the services reference list. 3: the demo patient's family member.
// Reference inserts are idempotent, so a database seeded at an older version simply gains what is new.
export const SEED_VERSION = '3';
export const DEMO_PATIENT = { email: 'demo.patient@example.com', password: 'DemoPass1' } as const;
/** The demo patient's child, to book for. A fixed id keeps the seed idempotent and deterministic. */
export const DEMO_FAMILY_MEMBER = {
  id: '6d1c0f3e-9a4b-4c2e-8f57-2b9e1d7a3c01',
  firstName: 'Mia',
  lastName: 'Demo',
  relationship: 'child',
  gender: 'female',
  dateOfBirth: '2016-07-09',
} as const;

/** How many offices get a demo key for the office-facing API (the first ones by id). */
export const DEMO_OFFICE_KEY_COUNT = 3;
/** The demo key of an office for the office-facing API (README); only its SHA-256 is stored. */
export function demoOfficeKey(officeId: number): string {
  return `demo-office-${officeId}-key`;
}

/** The label of every demo key (the README's), which is how they are found to be revoked. */
export const DEMO_KEY_LABEL = 'Demo key (README)';

/**
 * Deterministic seed, each part inside one transaction (a crash half-way leaves nothing
 * behind, and the next start seeds again): reference data once per SEED_VERSION, then the
 * generated providers when their tables are empty (`npm run seed` re-seeds another size).
 *
 * `demo` (the demo seed, on by default) adds the demo credentials the README prints: the demo
 * patient and the demo office keys. Off, none is created, and demo office keys an earlier demo
 * run left are revoked: their keys are public, so they must not open an office's appointments on
 * a server others can reach (lib/db/client.ts decides; README "Demo data").
 */
export async function seedDatabase(db: Db, options: { seedProviders?: number; demo?: boolean } = {}): Promise<void> {
  const done = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, 'seed_version'));
  if (done[0]?.value !== SEED_VERSION) await seedReferenceData(db);
  await seedProvidersIfEmpty(db, options.seedProviders ?? 0);
  if (options.demo === false) {
    const revoked = await revokeDemoOfficeKeys(db);
    if (revoked) {
      logger.warn(
        { revoked },
        `Revoked ${revoked} demo office key(s) of the README: demo credentials are only for a demo seed on this machine (a loopback HOST, no TRUST_PROXY_HOPS, SEED_PROVIDERS above 0); give each office a key of its own.`,
      );
    }
    return;
  }
  await seedDemoPatient(db);
  await seedOfficeApiKeys(db);
}

/** Revokes every unrevoked demo key (the around-the-clock practices' too); answers how many. */
export async function revokeDemoOfficeKeys(db: Db): Promise<number> {
  const rows = await queryRows<{ key_hash: string }>(
    db,
    sql`update office_api_keys set revoked_at = now() where label = ${DEMO_KEY_LABEL} and revoked_at is null returning key_hash`,
  );
  return rows.length;
}

/** The demo patient and their family member, once (a removed member stays removed). */
async function seedDemoPatient(db: Db): Promise<void> {
  const [present] = await db
    .select({ id: schema.patientAppUsers.id })
    .from(schema.patientAppUsers)
    .where(eq(schema.patientAppUsers.email, DEMO_PATIENT.email));
  if (present) return;
  const demoHash = await hashPassword(DEMO_PATIENT.password);
  await db.transaction(async (tx) => {
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
    // Looked up rather than taken from the insert, which returns nothing when the patient exists.
    const [demo] = await tx
      .select({ id: schema.patientAppUsers.id })
      .from(schema.patientAppUsers)
      .where(eq(schema.patientAppUsers.email, DEMO_PATIENT.email));
    if (demo) {
      await tx
        .insert(schema.familyMembers)
        .values({ ...DEMO_FAMILY_MEMBER, ownerId: demo.id })
        .onConflictDoNothing();
    }
  });
}

/**
 * Demo keys of the office-facing API for the first offices by id, hashed as session tokens are
 * (sha256 of lib/security/password.ts). Runs on every start, as offices come and go with the
 * generated providers (`npm run seed` replaces them); an existing key, even a revoked one, is
 * left as it is. Test databases have no offices at seed time, so they get none.
 */
export async function seedOfficeApiKeys(db: Db): Promise<void> {
  const first = await db
    .select({ id: schema.offices.id })
    .from(schema.offices)
    .orderBy(asc(schema.offices.id))
    .limit(DEMO_OFFICE_KEY_COUNT);
  if (!first.length) return;
  await db
    .insert(schema.officeApiKeys)
    .values(first.map(({ id }) => ({ keyHash: sha256(demoOfficeKey(id)), officeId: id, label: DEMO_KEY_LABEL })))
    .onConflictDoNothing();
}

/**
 * Providers, offices and reviews, generated once when the tables are empty, so an
 * existing development database gains them on its next start; then the two around-the-clock
 * teledental practices (around-the-clock-data.ts). Callers that pass no size (the
 * test databases) get none and insert their own fixtures.
 */
async function seedProvidersIfEmpty(db: Db, providers: number): Promise<void> {
  if (providers <= 0) return;
  const [row] = await queryRows<{ present: boolean }>(db, sql`select exists (select 1 from providers) as present`);
  if (row?.present) return;
  await db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as Db, { providers });
    await seedAroundTheClock(tx as unknown as Db);
  });
  // PGlite runs no autovacuum: without fresh statistics the planner would guess table sizes.
  await db.execute(sql`analyze`);
}

async function seedReferenceData(db: Db): Promise<void> {
  const random = seededRandom(20261121);

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
      .insert(schema.appMeta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({ target: schema.appMeta.key, set: { value: SEED_VERSION } });
  });
}

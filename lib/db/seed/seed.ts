import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as schema from '../schema';
import { COUNTRIES, INSURANCE_CARRIERS, SPECIALTIES, VISIT_REASONS, plansFor } from './reference-data';
import { seededRandom } from './random';
import { hashPassword } from '../../backend/security/password';

export const SEED_VERSION = '1';
export const DEMO_PATIENT = { email: 'demo.patient@example.com', password: 'DemoPass1' } as const;

/**
 * Deterministic seed, run once per database inside one transaction (a crash half-way leaves
 * nothing behind, and the next start seeds again). Later issues extend it with providers.
 */
export async function seedDatabase(db: Db, _options: { seedProviders?: number } = {}): Promise<void> {
  const done = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, 'seed_version'));
  if (done[0]?.value === SEED_VERSION) return;
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

import { eq, inArray } from 'drizzle-orm';
import * as schema from '../schema';
import { sha256 } from '../../security/password';
import { npiFor } from './discovery';
import { REASONS_BY_SPECIALTY } from './discovery-data';
import { AROUND_THE_CLOCK_HOURS, AROUND_THE_CLOCK_OFFICES } from './around-the-clock-data';
import type { Db } from '../db-type';

/** NPIs far beyond any generated provider's (npiFor(id), at most a million of them). */
const NPI_BASE = 90_000_000;
const SERVICES = ['teledentistry', 'emergency-dentistry', 'preventive-care'];

/**
 * The two around-the-clock teledental practices of around-the-clock-data.ts, their dentists
 * (working every day, teledental, new patients welcome) and their demo keys for the
 * office-facing API. Seeded after the generated providers, in the caller's transaction, so their
 * ids follow the generated ones; `clearDiscovery` takes them away with the rest.
 */
export async function seedAroundTheClock(db: Db): Promise<{ officeIds: number[]; providerIds: number[] }> {
  const specialty = await db
    .select({ id: schema.specialties.id })
    .from(schema.specialties)
    .where(eq(schema.specialties.slug, 'general-dentist'));
  const reasons = await db
    .select({ id: schema.visitReasons.id })
    .from(schema.visitReasons)
    .where(inArray(schema.visitReasons.slug, REASONS_BY_SPECIALTY['general-dentist'] ?? []));
  const services = await db
    .select({ id: schema.services.id })
    .from(schema.services)
    .where(inArray(schema.services.slug, SERVICES));
  const officeIds: number[] = [];
  const providerIds: number[] = [];
  let npi = NPI_BASE;
  for (const office of AROUND_THE_CLOCK_OFFICES) {
    const [row] = await db
      .insert(schema.offices)
      .values({
        name: office.name,
        descriptionEn: office.descriptionEn,
        descriptionEs: office.descriptionEs,
        phone: office.phone,
        website: office.website,
        addressLine: office.addressLine,
        suite: office.suite,
        city: office.city,
        state: office.state,
        zip: office.zip,
        countryCode: office.countryCode,
        latitude: office.latitude,
        longitude: office.longitude,
        timeZone: office.timeZone,
        businessHours: AROUND_THE_CLOCK_HOURS,
        languages: office.languages,
        technologies: ['teledentistry-platform', 'intraoral-camera'],
        amenities: ['evening-hours', 'weekend-hours'],
        teledentalPaymentReady: true,
      })
      .returning({ id: schema.offices.id });
    const officeId = row!.id;
    officeIds.push(officeId);
    if (services.length)
      await db.insert(schema.officeServices).values(services.map((s) => ({ officeId, serviceId: s.id })));
    for (const p of office.providers) {
      npi += 1;
      const dr = p.gender === 'female' ? 'La Dra.' : 'El Dr.';
      const [provider] = await db
        .insert(schema.providers)
        .values({
          npi: npiFor(npi),
          firstName: p.firstName,
          lastName: p.lastName,
          title: p.title,
          gender: p.gender,
          biographyEn: `Dr. ${p.firstName} ${p.lastName} is a general dentist with ${p.experience} years of experience who takes video visits on the practice's rotating shifts, at any hour. ${p.gender === 'female' ? 'She' : 'He'} earned a ${p.title} at ${p.school}.`,
          biographyEs: `${dr} ${p.firstName} ${p.lastName} es dentista general con ${p.experience} años de experiencia y atiende videoconsultas en los turnos rotativos de la consulta, a cualquier hora. Obtuvo su título (${p.title}) en ${p.school}.`,
          education: [{ degree: p.title, institution: p.school, year: 2026 - p.experience }],
          experienceYears: p.experience,
          languages: p.languages,
          teledentalFeeCents: office.teledentalFeeCents,
        })
        .returning({ id: schema.providers.id });
      const providerId = provider!.id;
      providerIds.push(providerId);
      await db.insert(schema.providerOffices).values({
        providerId,
        officeId,
        workingDays: [0, 1, 2, 3, 4, 5, 6],
        acceptsNewPatients: true,
        offersTeledental: true,
      });
      if (specialty[0])
        await db
          .insert(schema.providerSpecialties)
          .values({ providerId, specialtyId: specialty[0].id, isPrimary: true });
      if (reasons.length)
        await db.insert(schema.providerVisitReasons).values(reasons.map((r) => ({ providerId, visitReasonId: r.id })));
    }
    await db
      .insert(schema.officeApiKeys)
      .values({ keyHash: sha256(office.demoKey), officeId, label: 'Demo key (README)' })
      .onConflictDoNothing();
  }
  return { officeIds, providerIds };
}

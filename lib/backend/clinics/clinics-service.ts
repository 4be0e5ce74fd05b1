import 'server-only';
import { notFound } from '../entity-not-found';
import { findOffice, findOfficeProviders, findOfficeServices, officeExists } from './clinics-repository';
import { latestReviews } from '../reviews/latest-reviews-service';
import {
  iso,
  labels,
  namedRef,
  officeLocation,
  providerIdentity,
  rating,
  specialtyRefs,
} from '../search/discovery-dto';
import type { NamedRef } from '../../contracts/discovery';
import type { Locale } from '../../i18n/languages';
import type { ClinicDetail } from '../../contracts/clinics';

/* The clinic page: GET /v4/clinics/{id}. */

/** Whether a clinic (office) of this id exists (the page of its reviews answers 404 otherwise). */
export async function hasClinic(id: number): Promise<boolean> {
  return officeExists(id);
}

// GET /v4/clinics/{id}
export async function clinicDetail(id: number, locale: Locale): Promise<ClinicDetail> {
  const office = await findOffice(id);
  if (!office) notFound();
  const [services, providers, reviews] = await Promise.all([
    findOfficeServices(id),
    findOfficeProviders(id),
    latestReviews({ officeId: id }),
  ]);
  const specialties = new Map<number, NamedRef>();
  for (const provider of providers) {
    for (const s of specialtyRefs(provider.specialties, locale)) specialties.set(s.id, s);
  }
  return {
    id: office.id,
    name: office.name,
    description: locale === 'es' ? office.description_es : office.description_en,
    phone: office.phone,
    website: office.website,
    photoUrl: office.photo_url,
    ...officeLocation(office),
    businessHours: office.business_hours,
    languages: labels(office.languages, locale),
    technologies: labels(office.technologies, locale),
    amenities: labels(office.amenities, locale),
    services: services.map((s) => namedRef(s, locale)),
    specialties: [...specialties.values()].sort((a, b) => a.id - b.id),
    teledentalPaymentReady: office.teledental_payment_ready,
    rating: rating(office),
    providers: providers.map((p) => ({
      ...providerIdentity(p, locale),
      workingDays: p.working_days,
      acceptsNewPatients: p.accepts_new_patients,
      offersTeledental: p.offers_teledental,
      teledentalAvailable: p.offers_teledental && office.teledental_payment_ready,
    })),
    reviews,
    updatedAt: iso(office.updated_at),
  };
}

import 'server-only';
import { notFound } from '../entity-not-found';
import { officesById, providerOffices } from '../search/listings-service';
import { latestReviews } from '../reviews/latest-reviews-service';
import { findProvider, findProviderPlans, findProviderVisitReasons, providerExists } from './providers-repository';
import { iso, labels, namedRef, officeLocation, rating, specialtyRefs } from '../search/discovery-dto';
import { doctorName } from './provider-name';
import type { Locale } from '../../i18n/languages';
import type { ProviderDetail } from '../../contracts/providers';

/* The provider page: GET /v4/providers/{id}. */

/** Whether a provider of this id exists (the page of their reviews answers 404 otherwise). */
export async function hasProvider(id: number): Promise<boolean> {
  return providerExists(id);
}

// GET /v4/providers/{id}
export async function providerDetail(id: number, locale: Locale): Promise<ProviderDetail> {
  const provider = await findProvider(id);
  if (!provider) notFound();
  const [links, reasons, plans, reviews] = await Promise.all([
    providerOffices([id]),
    findProviderVisitReasons(id),
    findProviderPlans(id),
    latestReviews({ providerId: id }),
  ]);
  const offices = new Map((await officesById(links.map((l) => l.office_id))).map((o) => [o.id, o]));
  const insurance: ProviderDetail['insurance'] = [];
  for (const plan of plans) {
    let group = insurance.find((g) => g.carrierId === plan.carrier_id);
    if (!group) insurance.push((group = { carrierId: plan.carrier_id, carrierName: plan.carrier_name, plans: [] }));
    group.plans.push({ id: plan.plan_id, name: plan.plan_name });
  }
  const officeList = links.flatMap((link) => {
    const office = offices.get(link.office_id);
    if (!office) return [];
    return [
      {
        id: office.id,
        name: office.name,
        phone: office.phone,
        website: office.website,
        ...officeLocation(office),
        businessHours: office.business_hours,
        workingDays: link.working_days,
        acceptsNewPatients: link.accepts_new_patients,
        offersTeledental: link.offers_teledental,
        teledentalPaymentReady: office.teledental_payment_ready,
        teledentalAvailable: link.offers_teledental && office.teledental_payment_ready,
      },
    ];
  });
  return {
    id: provider.id,
    npi: provider.npi,
    displayName: doctorName(provider, locale),
    firstName: provider.first_name,
    lastName: provider.last_name,
    title: provider.title,
    gender: provider.gender,
    photoUrl: provider.photo_url,
    biography: locale === 'es' ? provider.biography_es : provider.biography_en,
    education: provider.education,
    experienceYears: provider.experience_years,
    awards: provider.awards,
    specialties: specialtyRefs(provider.specialties, locale),
    visitReasons: reasons.map((r) => namedRef(r, locale)),
    insurance,
    languages: labels(provider.languages, locale),
    teledentalFeeCents: provider.teledental_fee_cents,
    rating: rating(provider),
    acceptsNewPatients: officeList.some((o) => o.acceptsNewPatients),
    teledentalAvailable: officeList.some((o) => o.teledentalAvailable),
    offices: officeList,
    reviews,
    updatedAt: iso(provider.updated_at),
  };
}

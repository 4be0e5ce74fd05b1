import 'server-only';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SITEMAP_PAGE_SIZE,
  NOT_FOUND_MESSAGE_KEY,
  REVIEWS_ON_DETAIL,
  type ClinicDetail,
  type InsuranceCarrierList,
  type NamedRef,
  type ProviderDetail,
  type ReviewPage,
  type SitemapPage,
} from '../../contracts/discovery';
import type { Locale } from '../../i18n/languages';
import { ApiError } from '../errors';
import {
  findOffice,
  findOfficeProviders,
  findOfficeServices,
  findOffices,
  findProvider,
  findProviderOffices,
  findProviderPlans,
  findProviderVisitReasons,
  findReviews,
  listCarrierPlanRows,
  listServiceRows,
  listSpecialtyRows,
  listVisitReasonRows,
  officeExists,
  providerExists,
  sitemapPage,
  type NamedRow,
} from '../repositories/discovery-repository';
import {
  doctorName,
  iso,
  labels,
  namedRef,
  officeLocation,
  providerIdentity,
  rating,
  review,
  specialtyRefs,
} from './discovery-dto';

/* Provider and clinic pages, their reviews, the filters' reference lists and sitemap pages. */

function notFound(): never {
  // SPEC.md section 8: "Either this office doesn't exists or it is not available in your region."
  throw new ApiError('notFound', NOT_FOUND_MESSAGE_KEY);
}

// GET /v4/providers/{id}
export async function providerDetail(id: number, locale: Locale): Promise<ProviderDetail> {
  const provider = await findProvider(id);
  if (!provider) notFound();
  const [links, reasons, plans, reviews] = await Promise.all([
    findProviderOffices([id]),
    findProviderVisitReasons(id),
    findProviderPlans(id),
    findReviews({ providerId: id }, REVIEWS_ON_DETAIL, 0),
  ]);
  const offices = new Map((await findOffices(links.map((l) => l.office_id))).map((o) => [o.id, o]));
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
    reviews: reviews.rows.map(review),
    updatedAt: iso(provider.updated_at),
  };
}

// GET /v4/clinics/{id}
export async function clinicDetail(id: number, locale: Locale): Promise<ClinicDetail> {
  const office = await findOffice(id);
  if (!office) notFound();
  const [services, providers, reviews] = await Promise.all([
    findOfficeServices(id),
    findOfficeProviders(id),
    findReviews({ officeId: id }, REVIEWS_ON_DETAIL, 0),
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
    reviews: reviews.rows.map(review),
    updatedAt: iso(office.updated_at),
  };
}

// GET /v4/providers/{id}/reviews and /v4/clinics/{id}/reviews
export async function reviewPage(
  by: { providerId: number } | { officeId: number },
  query: { page?: number; pageSize?: number },
): Promise<ReviewPage> {
  const exists = 'providerId' in by ? await providerExists(by.providerId) : await officeExists(by.officeId);
  if (!exists) notFound();
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const result = await findReviews(by, pageSize, (page - 1) * pageSize);
  return { items: result.rows.map(review), page, pageSize, total: result.total };
}

function byName(rows: NamedRow[], locale: Locale): NamedRef[] {
  return rows.map((r) => namedRef(r, locale)).sort((a, b) => a.name.localeCompare(b.name, locale));
}

// GET /v4/specialties, /v4/visitReasons, /v4/services
export async function specialtyList(locale: Locale): Promise<NamedRef[]> {
  return byName(await listSpecialtyRows(), locale);
}
export async function visitReasonList(locale: Locale): Promise<NamedRef[]> {
  return byName(await listVisitReasonRows(), locale);
}
export async function serviceList(locale: Locale): Promise<NamedRef[]> {
  return byName(await listServiceRows(), locale);
}

// GET /v4/insuranceCarriers
export async function insuranceCarrierList(): Promise<InsuranceCarrierList> {
  const carriers: InsuranceCarrierList = [];
  for (const row of await listCarrierPlanRows()) {
    let carrier = carriers.at(-1);
    if (carrier?.id !== row.carrier_id) carriers.push((carrier = { id: row.carrier_id, name: row.carrier_name, plans: [] }));
    carrier.plans.push({ id: row.plan_id, name: row.plan_name });
  }
  return carriers;
}

// GET /v4/sitemap/providers and /v4/sitemap/clinics
export async function sitemap(
  kind: 'providers' | 'clinics',
  query: { page?: number; pageSize?: number },
): Promise<SitemapPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_SITEMAP_PAGE_SIZE;
  const result = await sitemapPage(kind === 'providers' ? 'providers' : 'offices', page, pageSize);
  return {
    items: result.rows.map((r) => ({ id: r.id, updatedAt: iso(r.updated_at) })),
    page,
    pageSize,
    lastPage: result.lastPage,
  };
}

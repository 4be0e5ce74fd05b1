import type { BusinessHours, NamedRef, OfficePlace } from '@/lib/contracts/discovery';
import type { ClinicDetail } from '@/lib/contracts/clinics';
import type { ProviderDetail } from '@/lib/contracts/providers';
import type { Locale } from '@/lib/i18n/languages';
import { absoluteUrl, clinicPath, providerPath } from './page-urls';

/*
 * schema.org JSON-LD for the provider and clinic pages: a Dentist per office, and the
 * provider as a Person (and IndividualPhysician) who works at those Dentists. An office keeps
 * one @id (its clinic page's address) on every page, so search engines see one entity.
 */

type Node = Record<string, unknown>;

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * MedicalSpecialty members for our specialties: every one is Dentistry, and a few are also a
 * wider field schema.org names (the enumeration has no orthodontics or endodontics).
 */
const EXTRA_SPECIALTY: Record<string, string> = {
  'oral-surgeon': 'Surgical',
  pedodontist: 'Pediatric',
  'pediatric-dentist': 'Pediatric',
  'dental-anesthesiologist': 'Anesthesia',
};

export function medicalSpecialties(specialties: readonly NamedRef[]): string[] {
  const names = new Set(['Dentistry']);
  for (const s of specialties) if (EXTRA_SPECIALTY[s.slug]) names.add(EXTRA_SPECIALTY[s.slug]!);
  return [...names].map((name) => `https://schema.org/${name}`);
}

export function dentistId(origin: string, officeId: number): string {
  // Always the English address: the same office is one entity in both languages.
  return `${absoluteUrl(origin, clinicPath(officeId), 'en')}#dentist`;
}

export function providerId(origin: string, id: number): string {
  return `${absoluteUrl(origin, providerPath(id), 'en')}#provider`;
}

/**
 * Opening hours, Sunday to Saturday (the office's local time). Days with the same hours share
 * one specification (schema.org's dayOfWeek takes a list): five identical weekdays are one entry
 * rather than five, which the page carries twice (HTML and React payload).
 */
export function openingHours(hours: readonly BusinessHours[]): Node[] {
  const groups: { days: string[]; opens: string; closes: string }[] = [];
  for (const h of [...hours].sort((a, b) => a.weekday - b.weekday)) {
    const day = `https://schema.org/${DAYS[h.weekday]}`;
    const same = groups.find((g) => g.opens === h.opens && g.closes === h.closes);
    if (same) same.days.push(day);
    else groups.push({ days: [day], opens: h.opens, closes: h.closes });
  }
  return groups.map((g) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: g.days.length === 1 ? g.days[0] : g.days,
    opens: g.opens,
    // schema.org writes a day open around the clock as 00:00 to 23:59.
    closes: g.closes === '24:00' ? '23:59' : g.closes,
  }));
}

type OfficeLike = OfficePlace & { id: number; businessHours: BusinessHours[] };

function aggregateRating(rating: { average: number; count: number }): Node | undefined {
  if (rating.count <= 0) return undefined;
  return {
    '@type': 'AggregateRating',
    ratingValue: Math.round(rating.average * 100) / 100,
    reviewCount: rating.count,
    bestRating: 5,
    worstRating: 1,
  };
}

/** Leaves out undefined values so the output has no empty keys. */
function compact(node: Node): Node {
  return Object.fromEntries(Object.entries(node).filter(([, v]) => v !== undefined));
}

export function dentistNode(
  office: OfficeLike,
  options: {
    origin: string;
    locale: Locale;
    specialties: readonly NamedRef[];
    acceptsNewPatients: boolean;
    rating?: { average: number; count: number };
    description?: string;
    image?: string | null;
  },
): Node {
  return compact({
    '@type': 'Dentist',
    '@id': dentistId(options.origin, office.id),
    name: office.name,
    url: absoluteUrl(options.origin, clinicPath(office.id), options.locale),
    description: options.description,
    image: options.image ?? undefined,
    telephone: office.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.suite ? `${office.addressLine}, ${office.suite}` : office.addressLine,
      addressLocality: office.city,
      addressRegion: office.state,
      postalCode: office.zip,
      addressCountry: office.countryCode,
    },
    geo: { '@type': 'GeoCoordinates', latitude: office.latitude, longitude: office.longitude },
    openingHoursSpecification: openingHours(office.businessHours),
    medicalSpecialty: medicalSpecialties(options.specialties),
    isAcceptingNewPatients: options.acceptsNewPatients,
    aggregateRating: options.rating ? aggregateRating(options.rating) : undefined,
  });
}

/** The provider page: the provider, and a Dentist for each office they work at. */
export function providerJsonLd(provider: ProviderDetail, origin: string, locale: Locale): Node {
  const offices = provider.offices.map((office) =>
    dentistNode(office, {
      origin,
      locale,
      specialties: provider.specialties,
      // The provider's own answer at this office: what a patient booking them there gets.
      acceptsNewPatients: office.acceptsNewPatients,
    }),
  );
  const worksAt = provider.offices.map((office) => ({ '@id': dentistId(origin, office.id) }));
  const person = compact({
    '@type': ['Person', 'IndividualPhysician'],
    '@id': providerId(origin, provider.id),
    name: provider.displayName,
    givenName: provider.firstName,
    familyName: provider.lastName,
    honorificSuffix: provider.title,
    jobTitle: provider.specialties[0]?.name,
    url: absoluteUrl(origin, providerPath(provider.id), locale),
    image: provider.photoUrl ?? undefined,
    description: provider.biography,
    gender: provider.gender === 'female' ? 'https://schema.org/Female' : 'https://schema.org/Male',
    knowsLanguage: provider.languages.map((l) => l.name),
    alumniOf: provider.education.map((e) => ({ '@type': 'EducationalOrganization', name: e.institution })),
    award: provider.awards.map((a) => `${a.title} (${a.year})`),
    medicalSpecialty: medicalSpecialties(provider.specialties),
    isAcceptingNewPatients: provider.acceptsNewPatients,
    aggregateRating: aggregateRating(provider.rating),
    worksFor: worksAt,
    practicesAt: worksAt,
  });
  return { '@context': 'https://schema.org', '@graph': [person, ...offices] };
}

/** The clinic page: the office as a Dentist, and the providers who work there. */
export function clinicJsonLd(clinic: ClinicDetail, origin: string, locale: Locale): Node {
  const office = dentistNode(clinic, {
    origin,
    locale,
    specialties: clinic.specialties,
    acceptsNewPatients: clinic.providers.some((p) => p.acceptsNewPatients),
    rating: clinic.rating,
    description: clinic.description,
    image: clinic.photoUrl,
  });
  const people = clinic.providers.map((p) =>
    compact({
      '@type': ['Person', 'IndividualPhysician'],
      '@id': providerId(origin, p.id),
      name: p.displayName,
      honorificSuffix: p.title,
      jobTitle: p.specialties[0]?.name,
      url: absoluteUrl(origin, providerPath(p.id), locale),
      image: p.photoUrl ?? undefined,
      worksFor: { '@id': office['@id'] },
    }),
  );
  return { '@context': 'https://schema.org', '@graph': [office, ...people] };
}

/**
 * JSON for a <script type="application/ld+json">: `<` (and `>`, `&`, and the two JavaScript
 * line separators) escaped, so text from the data cannot close the script element.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

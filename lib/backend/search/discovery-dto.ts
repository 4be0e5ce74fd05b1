import 'server-only';
import { catalogLabel } from '../../contracts/discovery-catalog';
import { doctorName } from '../providers/provider-name';
import type { CodeLabel, NamedRef } from '../../contracts/discovery';
import type { ProviderCard } from '../../contracts/providers';
import type { Review } from '../../contracts/reviews';
import type { Locale } from '../../i18n/languages';
import type {
  CardOfficeRow,
  OfficeRow,
  ProviderOfficeRow,
  ProviderSummaryRow,
  SpecialtyJson,
} from './listings-repository';
import type { NamedRow } from '../reference/catalogue-repository';
import type { ReviewRow } from '../reviews/reviews-repository';

/* Row -> DTO mapping shared by the discovery services: column names stop here. */

const METERS_PER_MILE = 1609.344;

export function milesToMeters(miles: number): number {
  return miles * METERS_PER_MILE;
}

/** Miles with one decimal (SPEC.md section 9: distances in miles). */
export function toMiles(meters: number | null | undefined): number | null {
  return meters === null || meters === undefined ? null : Math.round((meters / METERS_PER_MILE) * 10) / 10;
}

export function iso(value: Date | string | null): string {
  return (value instanceof Date ? value : new Date(value ?? 0)).toISOString();
}

export function namedRef(row: NamedRow, locale: Locale): NamedRef {
  return { id: row.id, slug: row.slug, name: locale === 'es' ? row.name_es : row.name_en };
}

export function specialtyRefs(list: SpecialtyJson[], locale: Locale): NamedRef[] {
  return list.map((s) => ({ id: s.id, slug: s.slug, name: locale === 'es' ? s.es : s.en }));
}

export function labels(codes: readonly string[], locale: Locale): CodeLabel[] {
  return codes.map((code) => catalogLabel(code, locale));
}

export function rating(row: { rating_average: number; review_count: number }) {
  return { average: Number(row.rating_average), count: Number(row.review_count) };
}

export function officeLocation(
  office: Pick<
    OfficeRow,
    'address_line' | 'suite' | 'city' | 'state' | 'zip' | 'country_code' | 'latitude' | 'longitude' | 'time_zone'
  >,
) {
  return {
    addressLine: office.address_line,
    suite: office.suite,
    city: office.city,
    state: office.state,
    zip: office.zip,
    countryCode: office.country_code,
    latitude: office.latitude,
    longitude: office.longitude,
    timeZone: office.time_zone,
  };
}

export function providerIdentity(row: ProviderSummaryRow, locale: Locale) {
  return {
    id: row.id,
    displayName: doctorName(row, locale),
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title,
    gender: row.gender,
    photoUrl: row.photo_url,
    specialties: specialtyRefs(row.specialties, locale),
    languages: labels(row.languages, locale),
    rating: rating(row),
    teledentalFeeCents: row.teledental_fee_cents,
  };
}

export function providerCardOffice(office: CardOfficeRow, link: ProviderOfficeRow): ProviderCard['office'] {
  return {
    id: office.id,
    name: office.name,
    phone: office.phone,
    ...officeLocation(office),
    acceptsNewPatients: link.accepts_new_patients,
    offersTeledental: link.offers_teledental,
    teledentalAvailable: link.offers_teledental && office.teledental_payment_ready,
  };
}

export function review(row: ReviewRow): Review {
  return {
    id: Number(row.id),
    patientDisplayName: row.patient_display_name,
    rating: Number(row.rating),
    text: row.text,
    reviewedAt: iso(row.reviewed_at),
    officeId: row.office_id,
    officeName: row.office_name,
    officeResponse: row.office_response
      ? { text: row.office_response, respondedAt: row.office_response_at ? iso(row.office_response_at) : null }
      : null,
  };
}

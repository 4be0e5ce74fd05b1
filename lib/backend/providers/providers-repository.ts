import 'server-only';
import { sql } from 'drizzle-orm';
import {
  providerSpecialtiesJson,
  type ProviderOfficeRow,
  type ScheduleFields,
  type SpecialtyJson,
} from '../search/listings-repository';
import { rows } from '../sql/sql-parts';
import type { AwardRow, EducationRow } from '../../db/schema';
import type { NamedRow } from '../reference/catalogue-repository';

/** Hand-written SQL like the listing queries (lib/backend/search/listings-repository.ts): every value a bound parameter. */

export interface ProviderRow {
  id: number;
  npi: string;
  first_name: string;
  last_name: string;
  title: string;
  gender: 'male' | 'female';
  photo_url: string | null;
  biography_en: string;
  biography_es: string;
  education: EducationRow[];
  experience_years: number;
  awards: AwardRow[];
  languages: string[];
  teledental_fee_cents: number;
  rating_average: number;
  review_count: number;
  updated_at: Date | string;
  specialties: SpecialtyJson[];
}

export async function findProvider(id: number): Promise<ProviderRow | undefined> {
  const [row] = await rows<ProviderRow>(sql`
    select p.id, p.npi, p.first_name, p.last_name, p.title, p.gender, p.photo_url, p.biography_en, p.biography_es,
           p.education, p.experience_years, p.awards, p.languages, p.teledental_fee_cents, p.rating_average,
           p.review_count, greatest(p.updated_at, (select max(o.updated_at) from provider_offices x
                                                      join offices o on o.id = x.office_id
                                                     where x.provider_id = p.id)) as updated_at,
           ${providerSpecialtiesJson} as specialties
      from providers p where p.id = ${id}`);
  return row;
}

export async function findProviderVisitReasons(providerId: number): Promise<NamedRow[]> {
  return rows(sql`
    select r.id, r.slug, r.name_en, r.name_es
      from provider_visit_reasons pr join visit_reasons r on r.id = pr.visit_reason_id
     where pr.provider_id = ${providerId} order by r.id`);
}

export async function findProviderPlans(
  providerId: number,
): Promise<{ carrier_id: number; carrier_name: string; plan_id: number; plan_name: string }[]> {
  return rows(sql`
    select c.id as carrier_id, c.name as carrier_name, pl.id as plan_id, pl.name as plan_name
      from provider_insurance_plans pi
      join insurance_plans pl on pl.id = pi.plan_id
      join insurance_carriers c on c.id = pi.carrier_id
     where pi.provider_id = ${providerId}
     order by c.name, pl.name`);
}

export async function providerExists(id: number): Promise<boolean> {
  return (await rows(sql`select 1 from providers where id = ${id}`)).length > 0;
}

export type ProviderScheduleRow = ProviderOfficeRow &
  ScheduleFields & { teledental_payment_ready: boolean; offers_in_office: boolean };

/** The provider's schedule at one office, or at their first office when none is named. */
export async function findProviderSchedule(
  providerId: number,
  officeId: number | undefined,
): Promise<ProviderScheduleRow | undefined> {
  const [row] = await rows<ProviderScheduleRow>(sql`
    select po.provider_id, po.office_id, po.working_days, po.accepts_new_patients, po.offers_teledental, po.offers_in_office,
           o.business_hours, o.time_zone, o.teledental_payment_ready
      from provider_offices po join offices o on o.id = po.office_id
     where po.provider_id = ${providerId} ${officeId === undefined ? sql`` : sql`and po.office_id = ${officeId}`}
     order by po.office_id
     limit 1`);
  return row;
}

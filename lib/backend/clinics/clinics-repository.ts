import 'server-only';
import { sql } from 'drizzle-orm';
import {
  officeColumns,
  providerSpecialtiesJson,
  type OfficeRow,
  type ProviderOfficeRow,
  type ProviderSummaryRow,
} from '../search/listings-repository';
import { rows } from '../sql/sql-parts';
import type { NamedRow } from '../reference/catalogue-repository';

/** Hand-written SQL like the listing queries (lib/backend/search/listings-repository.ts): every value a bound parameter. */

export async function findOffice(id: number): Promise<OfficeRow | undefined> {
  const [row] = await rows<OfficeRow>(sql`select ${officeColumns} from offices o where o.id = ${id}`);
  return row;
}

export async function findOfficeServices(officeId: number): Promise<NamedRow[]> {
  return rows(sql`
    select s.id, s.slug, s.name_en, s.name_es
      from office_services os join services s on s.id = os.service_id
     where os.office_id = ${officeId} order by s.id`);
}

/** The providers at an office with their schedule there, by last name. */
export async function findOfficeProviders(officeId: number): Promise<(ProviderSummaryRow & ProviderOfficeRow)[]> {
  return rows(sql`
    select p.id, p.first_name, p.last_name, p.title, p.gender, p.photo_url, p.languages, p.rating_average,
           p.review_count, p.teledental_fee_cents, p.updated_at, 1 as office_count,
           ${providerSpecialtiesJson} as specialties,
           po.provider_id, po.office_id, po.working_days, po.accepts_new_patients, po.offers_teledental
      from provider_offices po join providers p on p.id = po.provider_id
     where po.office_id = ${officeId}
     order by p.search_name_reversed, p.id`);
}

export async function officeExists(id: number): Promise<boolean> {
  return (await rows(sql`select 1 from offices where id = ${id}`)).length > 0;
}

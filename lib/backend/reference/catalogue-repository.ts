import 'server-only';
import { sql } from 'drizzle-orm';
import { rows } from '../sql/sql-parts';

/** The filters' catalogues: specialties, visit reasons, services, insurance carriers and plans. */

export interface NamedRow {
  id: number;
  slug: string;
  name_en: string;
  name_es: string;
}

export async function listSpecialtyRows(): Promise<NamedRow[]> {
  return rows(sql`select id, slug, name_en, name_es from specialties order by id`);
}

export async function listVisitReasonRows(): Promise<NamedRow[]> {
  return rows(sql`select id, slug, name_en, name_es from visit_reasons order by id`);
}

export async function listServiceRows(): Promise<NamedRow[]> {
  return rows(sql`select id, slug, name_en, name_es from services order by id`);
}

export async function listCarrierPlanRows(): Promise<
  { carrier_id: number; carrier_name: string; plan_id: number; plan_name: string }[]
> {
  return rows(sql`select c.id as carrier_id, c.name as carrier_name, p.id as plan_id, p.name as plan_name
                    from insurance_carriers c join insurance_plans p on p.carrier_id = c.id
                   order by c.name, p.name`);
}

import 'server-only';
import { namedRef } from '../search/discovery-dto';
import {
  listCarrierPlanRows,
  listServiceRows,
  listSpecialtyRows,
  listVisitReasonRows,
  type NamedRow,
} from './catalogue-repository';
import type { InsuranceCarrierList } from '../../contracts/reference';
import type { NamedRef } from '../../contracts/discovery';
import type { Locale } from '../../i18n/languages';

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
    if (carrier?.id !== row.carrier_id)
      carriers.push((carrier = { id: row.carrier_id, name: row.carrier_name, plans: [] }));
    carrier.plans.push({ id: row.plan_id, name: row.plan_name });
  }
  return carriers;
}

import 'server-only';
import { sql } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { queryRows } from '../../db/raw';
import { DEMO_PATIENT } from '../../db/seed/seed';

/** The demo patient's id, when the seed made one (and the account was not deleted). */
export async function findDemoPatientId(): Promise<string | undefined> {
  const rows = await queryRows<{ id: string }>(
    await executor(),
    sql`select id from patient_app_users where email = ${DEMO_PATIENT.email} and deleted_at is null`,
  );
  return rows[0]?.id;
}

/** Whether the patient has a live visit still to come. */
export async function hasUpcomingVisit(userId: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    await executor(),
    sql`select exists (
          select 1 from appointments
          where patient_user_id = ${userId} and starts_at > ${now.toISOString()}::timestamptz
            and status in ('scheduled', 'confirmed')
        ) as found`,
  );
  return Boolean(rows[0]?.found);
}

export interface DemoCandidate {
  provider_id: number;
  office_id: number;
  teledental: boolean;
  fee_cents: number;
}

/**
 * Providers at offices nearest a point, skipping the very nearest (the ones the discovery
 * examples and tests start from), with whether each can take a paid teledental visit there.
 */
export async function findCandidates(lat: number, lng: number, skip: number, limit: number): Promise<DemoCandidate[]> {
  return queryRows<DemoCandidate>(
    await executor(),
    sql`select po.provider_id, po.office_id,
               (po.offers_teledental and o.teledental_payment_ready and p.teledental_fee_cents > 0) as teledental,
               p.teledental_fee_cents as fee_cents
        from provider_offices po
        join offices o on o.id = po.office_id
        join providers p on p.id = po.provider_id
        order by earth_distance(o.geo, ll_to_earth(${lat}, ${lng})), po.provider_id
        offset ${skip} limit ${limit}`,
  );
}

export async function findVisitReasonId(slug: string): Promise<number | undefined> {
  const rows = await queryRows<{ id: number }>(
    await executor(),
    sql`select id from visit_reasons where slug = ${slug}`,
  );
  return rows[0]?.id;
}

/** A carrier and one of its plans, the first by name. */
export async function findSomePlan(): Promise<{ carrier_id: number; plan_id: number } | undefined> {
  const rows = await queryRows<{ carrier_id: number; plan_id: number }>(
    await executor(),
    sql`select c.id as carrier_id, p.id as plan_id
        from insurance_carriers c join insurance_plans p on p.carrier_id = c.id
        order by c.name, p.name limit 1`,
  );
  return rows[0];
}

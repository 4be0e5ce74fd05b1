import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDiscovery } from '../../db/seed/discovery';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { refreshDemoPatient } from './demo-patient-service';

/* The demo patient's lived-in account (README "Demo data"), made through the product's services at a fixed date. */

const database = useTestDatabase();
const NOW = new Date('2026-06-10T14:00:00Z');

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 150 });
  });
});

interface Row {
  status: string;
  visit_type: string;
  starts_at: Date | string;
  fee_cents: number;
  paid_at: Date | string | null;
  refund_status: string | null;
}

const demo = sql`(select id from patient_app_users where email = 'demo.patient@example.com')`;

describe('the demo patient', () => {
  it('gets upcoming, past, canceled visits, insurance with both images, a saved card and a favourite, once', async () => {
    expect(await refreshDemoPatient(NOW)).toBe(true);
    const visits = await queryRows<Row>(
      database.db,
      sql`select status, visit_type, starts_at, fee_cents, paid_at, refund_status from appointments where patient_user_id = ${demo} order by starts_at`,
    );
    const at = (row: Row) => new Date(row.starts_at).getTime();
    const upcoming = visits.filter((v) => at(v) > NOW.getTime() && v.status === 'scheduled');
    expect(upcoming.map((v) => v.visit_type).sort()).toEqual(['inOffice', 'virtual']);
    expect(upcoming.find((v) => v.visit_type === 'virtual')).toMatchObject({ paid_at: expect.anything() });
    const past = visits.filter((v) => at(v) < NOW.getTime());
    expect(past).toHaveLength(1);
    expect(past[0]!.status).toBe('completed');
    // Dates follow "now": the past visit was within the last week and a half.
    expect(NOW.getTime() - at(past[0]!)).toBeLessThan(10 * 24 * 3600_000);
    const canceled = visits.filter((v) => v.status === 'canceled');
    expect(canceled).toHaveLength(1);
    expect(canceled[0]!.fee_cents).toBeGreaterThan(0);
    expect(canceled[0]!.refund_status).toBe('refunded');

    const [insurance] = await queryRows<{ front_image_id: string | null; back_image_id: string | null }>(
      database.db,
      sql`select front_image_id, back_image_id from member_insurance where owner_id = ${demo} and family_member_id is null`,
    );
    expect(insurance?.front_image_id).toBeTruthy();
    expect(insurance?.back_image_id).toBeTruthy();
    const [counts] = await queryRows<{ cards: number | string; favorites: number | string; family: number | string }>(
      database.db,
      sql`select (select count(*) from payment_cards where user_id = ${demo}) as cards,
                 (select count(*) from favorites where user_id = ${demo}) as favorites,
                 (select count(*) from family_members where owner_id = ${demo} and deleted_at is null) as family`,
    );
    expect(Number(counts?.cards)).toBe(1);
    expect(Number(counts?.favorites)).toBeGreaterThanOrEqual(1);
    expect(Number(counts?.family)).toBeGreaterThanOrEqual(1);

    // With a visit to come, a later run (the hourly job, a restart) changes nothing.
    expect(await refreshDemoPatient(new Date(NOW.getTime() + 3600_000))).toBe(false);
  });
});

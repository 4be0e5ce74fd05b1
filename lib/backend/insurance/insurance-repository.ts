import 'server-only';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { images, insuranceCarriers, insurancePlans, memberInsurance } from '../../db/schema';

export type InsuranceRow = typeof memberInsurance.$inferSelect & { carrierName: string; planName: string };
export type InsuranceValues = Pick<
  typeof memberInsurance.$inferInsert,
  'carrierId' | 'planId' | 'memberNumber' | 'frontImageId' | 'backImageId'
>;

/** Every insurance of the owner: the patient's own (family member null) and their members'. */
export async function listOwnerInsurance(ownerId: string): Promise<InsuranceRow[]> {
  const db = await executor();
  const rows = await db
    .select({ insurance: memberInsurance, carrierName: insuranceCarriers.name, planName: insurancePlans.name })
    .from(memberInsurance)
    .innerJoin(insuranceCarriers, eq(insuranceCarriers.id, memberInsurance.carrierId))
    .innerJoin(insurancePlans, eq(insurancePlans.id, memberInsurance.planId))
    .where(eq(memberInsurance.ownerId, ownerId));
  return rows.map((r) => ({ ...r.insurance, carrierName: r.carrierName, planName: r.planName }));
}

/** The catalogue plan, only when it belongs to that carrier. */
export async function findCarrierPlan(carrierId: number, planId: number): Promise<{ id: number } | undefined> {
  const db = await executor();
  const rows = await db
    .select({ id: insurancePlans.id })
    .from(insurancePlans)
    .where(and(eq(insurancePlans.id, planId), eq(insurancePlans.carrierId, carrierId)))
    .limit(1);
  return rows[0];
}

/** The owner's stored images among `ids`, with their purpose; someone else's (or a pending one) find nothing, like unknown ones. */
export async function findOwnedImages(ownerId: string, ids: string[]): Promise<{ id: string; purpose: string }[]> {
  const db = await executor();
  return db
    .select({ id: images.id, purpose: images.purpose })
    .from(images)
    .where(and(eq(images.ownerId, ownerId), inArray(images.id, ids), isNotNull(images.storedAt)));
}

function personFilter(ownerId: string, familyMemberId: string | null) {
  return familyMemberId
    ? and(eq(memberInsurance.ownerId, ownerId), eq(memberInsurance.familyMemberId, familyMemberId))
    : and(eq(memberInsurance.ownerId, ownerId), isNull(memberInsurance.familyMemberId));
}

/**
 * Saves the person's insurance, replacing what they had. The unique indexes decide between two
 * concurrent first saves: the loser's insert does nothing and it then updates the winner's row.
 */
export async function upsertInsurance(
  ownerId: string,
  familyMemberId: string | null,
  values: InsuranceValues,
): Promise<void> {
  const db = await executor();
  const update = () =>
    db
      .update(memberInsurance)
      .set({ ...values, updatedAt: new Date() })
      .where(personFilter(ownerId, familyMemberId))
      .returning({ id: memberInsurance.id });
  if ((await update()).length) return;
  const inserted = await db
    .insert(memberInsurance)
    .values({ ...values, ownerId, familyMemberId })
    .onConflictDoNothing()
    .returning({ id: memberInsurance.id });
  if (!inserted.length) await update();
}

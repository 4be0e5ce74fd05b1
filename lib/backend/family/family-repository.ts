import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { familyMembers, patientAppUsers } from '../../db/schema';

export type FamilyMemberRow = typeof familyMembers.$inferSelect;
/** A member with the account holder's country, which members share (lib/contracts/family.ts). */
export type FamilyMemberWithCountry = FamilyMemberRow & { ownerCountry: string };
export type FamilyMemberValues = Pick<
  FamilyMemberRow,
  'firstName' | 'lastName' | 'relationship' | 'gender' | 'dateOfBirth'
>;

async function selectMembers(where: ReturnType<typeof and>): Promise<FamilyMemberWithCountry[]> {
  const db = await executor();
  const rows = await db
    .select({ member: familyMembers, ownerCountry: patientAppUsers.country })
    .from(familyMembers)
    .innerJoin(patientAppUsers, eq(patientAppUsers.id, familyMembers.ownerId))
    .where(where)
    .orderBy(asc(familyMembers.createdAt), asc(familyMembers.id));
  return rows.map((r) => ({ ...r.member, ownerCountry: r.ownerCountry }));
}

/** The owner's members, oldest first; soft-deleted ones are gone for every purpose but old appointments. */
export function listLiveFamilyMembers(ownerId: string): Promise<FamilyMemberWithCountry[]> {
  return selectMembers(and(eq(familyMembers.ownerId, ownerId), isNull(familyMembers.deletedAt)));
}

/** One live member of this owner; another patient's id or a deleted one finds nothing, like an unknown one. */
export async function findLiveFamilyMember(ownerId: string, id: string): Promise<FamilyMemberWithCountry | undefined> {
  const rows = await selectMembers(
    and(eq(familyMembers.id, id), eq(familyMembers.ownerId, ownerId), isNull(familyMembers.deletedAt)),
  );
  return rows[0];
}

export async function insertFamilyMember(ownerId: string, values: FamilyMemberValues): Promise<FamilyMemberRow> {
  const db = await executor();
  // The time of the statement rather than now() (the transaction's start): "oldest first" then
  // holds for members added in one transaction too.
  const rows = await db
    .insert(familyMembers)
    .values({ ...values, ownerId, createdAt: new Date() })
    .returning();
  return rows[0]!;
}

/** Edits a live member of this owner; undefined when there is none (unknown, another's or deleted). */
export async function updateLiveFamilyMember(
  ownerId: string,
  id: string,
  values: FamilyMemberValues,
): Promise<FamilyMemberRow | undefined> {
  const db = await executor();
  const rows = await db
    .update(familyMembers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(familyMembers.id, id), eq(familyMembers.ownerId, ownerId), isNull(familyMembers.deletedAt)))
    .returning();
  return rows[0];
}

/** Soft delete (the row stays so past appointments keep the name); false when there was no live member. */
export async function softDeleteFamilyMember(ownerId: string, id: string): Promise<boolean> {
  const db = await executor();
  const now = new Date();
  const rows = await db
    .update(familyMembers)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(familyMembers.id, id), eq(familyMembers.ownerId, ownerId), isNull(familyMembers.deletedAt)))
    .returning({ id: familyMembers.id });
  return rows.length === 1;
}

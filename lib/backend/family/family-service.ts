import 'server-only';
import { familyMemberIdSchema, type FamilyMember, type FamilyMemberRequest } from '../../contracts/family';
import { ApiError } from '../errors';
import {
  findLiveFamilyMember,
  insertFamilyMember,
  listLiveFamilyMembers,
  softDeleteFamilyMember,
  updateLiveFamilyMember,
  type FamilyMemberRow,
  type FamilyMemberValues,
} from './family-repository';
import type { AuthenticatedSession } from '../auth/auth-service';

/** Reshapes a row into the contract's FamilyMember (STYLE.md habit 2). */
function toFamilyMemberDto(row: FamilyMemberRow, ownerCountry: string): FamilyMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    relationship: row.relationship as FamilyMember['relationship'],
    gender: row.gender as FamilyMember['gender'],
    dateOfBirth: row.dateOfBirth,
    country: ownerCountry as FamilyMember['country'],
    profileImage: row.profileImage,
  };
}

function values(body: FamilyMemberRequest): FamilyMemberValues {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    relationship: body.relationship,
    gender: body.gender,
    dateOfBirth: body.dateOfBirth,
  };
}

/** A path id of another shape can be no one's member: the same 404 as another patient's id. */
function memberId(id: string): string {
  const parsed = familyMemberIdSchema.safeParse(id);
  if (!parsed.success) throw new ApiError('notFound');
  return parsed.data;
}

// GET /v4/family
export async function listFamily(auth: AuthenticatedSession): Promise<FamilyMember[]> {
  const rows = await listLiveFamilyMembers(auth.userId);
  return rows.map((row) => toFamilyMemberDto(row, row.ownerCountry));
}

/**
 * One of the patient's live family members, for the booking service (who the visit is for);
 * undefined for a malformed id, another patient's member or a deleted one, so the caller
 * answers them all alike.
 */
export async function findOwnFamilyMember(userId: string, memberId: string): Promise<FamilyMember | undefined> {
  const parsed = familyMemberIdSchema.safeParse(memberId);
  if (!parsed.success) return undefined;
  const row = await findLiveFamilyMember(userId, parsed.data);
  return row && toFamilyMemberDto(row, row.ownerCountry);
}

async function reread(userId: string, id: string): Promise<FamilyMember> {
  const member = await findOwnFamilyMember(userId, id);
  if (!member) throw new ApiError('notFound');
  return member;
}

// POST /v4/family
export async function addFamilyMember(auth: AuthenticatedSession, body: FamilyMemberRequest): Promise<FamilyMember> {
  const row = await insertFamilyMember(auth.userId, values(body));
  return reread(auth.userId, row.id);
}

// PUT /v4/family/{id}
export async function updateFamilyMember(
  auth: AuthenticatedSession,
  id: string,
  body: FamilyMemberRequest,
): Promise<FamilyMember> {
  const row = await updateLiveFamilyMember(auth.userId, memberId(id), values(body));
  if (!row) throw new ApiError('notFound');
  return reread(auth.userId, row.id);
}

// DELETE /v4/family/{id}
export async function deleteFamilyMember(auth: AuthenticatedSession, id: string): Promise<void> {
  if (!(await softDeleteFamilyMember(auth.userId, memberId(id)))) throw new ApiError('notFound');
}

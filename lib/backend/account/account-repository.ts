import 'server-only';
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import {
  appointments,
  favorites,
  familyMembers,
  images,
  outboxEmails,
  passwordResetTokens,
  patientAppUsers,
  paymentCards,
  paymentCustomers,
  reviews,
  sessions,
} from '../../db/schema';

/*
 * Account deletion, restore and purge (README "Account deletion"). The purge keeps the
 * account's row (appointments and payments point at it, and accounting keeps them) but replaces
 * everything that names or reaches the person.
 */

export interface AccountRow {
  id: string;
  email: string;
  firstName: string;
  deletedAt: Date | null;
  purgeAfter: Date | null;
}

const accountColumns = {
  id: patientAppUsers.id,
  email: patientAppUsers.email,
  firstName: patientAppUsers.firstName,
  deletedAt: patientAppUsers.deletedAt,
  purgeAfter: patientAppUsers.purgeAfter,
};

/** Locks a live (not deleted) account for the rest of the transaction: a second delete waits, then finds it deleted. */
export async function lockLiveAccount(userId: string): Promise<AccountRow | undefined> {
  const db = await executor();
  const rows = await db
    .select(accountColumns)
    .from(patientAppUsers)
    .where(and(eq(patientAppUsers.id, userId), isNull(patientAppUsers.deletedAt)))
    .for('update');
  return rows[0];
}

export async function markAccountDeleted(userId: string, at: Date, purgeAfter: Date): Promise<void> {
  const db = await executor();
  await db
    .update(patientAppUsers)
    .set({ deletedAt: at, purgeAfter, updatedAt: at })
    .where(eq(patientAppUsers.id, userId));
}

/** Unused reset links of the account: a deleted account is not reachable by a reset link. */
export async function deleteResetTokens(userId: string): Promise<void> {
  const db = await executor();
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** Restores an account still in its grace period; false when it was not (restored already, or past it). */
export async function restoreAccount(userId: string, now: Date): Promise<boolean> {
  const db = await executor();
  const rows = await db
    .update(patientAppUsers)
    .set({ deletedAt: null, purgeAfter: null, updatedAt: now })
    .where(
      and(
        eq(patientAppUsers.id, userId),
        isNotNull(patientAppUsers.deletedAt),
        sql`${patientAppUsers.purgeAfter} > ${now.toISOString()}`,
      ),
    )
    .returning({ id: patientAppUsers.id });
  return rows.length === 1;
}

/** Deleted accounts whose grace period is over and that are not purged yet, oldest first. */
export async function listAccountsToPurge(now: Date, limit: number): Promise<string[]> {
  const db = await executor();
  const rows = await db
    .select({ id: patientAppUsers.id })
    .from(patientAppUsers)
    .where(
      and(
        isNotNull(patientAppUsers.deletedAt),
        isNotNull(patientAppUsers.purgeAfter),
        lte(patientAppUsers.purgeAfter, now),
      ),
    )
    .orderBy(asc(patientAppUsers.purgeAfter))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The account again, locked, if it is still due for the purge (a login may have restored it meanwhile). */
export async function lockAccountToPurge(userId: string, now: Date): Promise<AccountRow | undefined> {
  const db = await executor();
  const rows = await db
    .select(accountColumns)
    .from(patientAppUsers)
    .where(
      and(eq(patientAppUsers.id, userId), isNotNull(patientAppUsers.deletedAt), lte(patientAppUsers.purgeAfter, now)),
    )
    .for('update');
  return rows[0];
}

/** Removes the account's image rows (profile photo, teeth, insurance cards) and answers their storage keys. */
export async function deleteAccountImages(userId: string): Promise<string[]> {
  const db = await executor();
  const rows = await db.delete(images).where(eq(images.ownerId, userId)).returning({ key: images.storageKey });
  return rows.map((r) => r.key);
}

/**
 * Family members: those no appointment names are deleted; those an appointment names stay as
 * anonymous rows (the appointment references them), soft-deleted.
 */
export async function removeFamilyMembers(userId: string, now: Date): Promise<void> {
  const db = await executor();
  await db.execute(sql`
    delete from ${familyMembers} f
    where f.owner_id = ${userId}
      and not exists (select 1 from ${appointments} a where a.family_member_id = f.id)`);
  await db
    .update(familyMembers)
    .set({
      firstName: 'Deleted',
      lastName: 'member',
      relationship: 'other',
      gender: 'preferNotToSay',
      dateOfBirth: '1900-01-01',
      profileImage: null,
      deletedAt: sql`coalesce(${familyMembers.deletedAt}, ${now.toISOString()})`,
      updatedAt: now,
    })
    .where(eq(familyMembers.ownerId, userId));
}

/**
 * What is left of the person once the grace period is over. The appointment rows stay for the
 * books (provider, office, date, fee, transaction and refund ids, card's last four); their notes
 * to the office are health information and go.
 */
export async function anonymiseAccount(account: AccountRow, now: Date): Promise<void> {
  const db = await executor();
  await db.delete(favorites).where(eq(favorites.userId, account.id));
  await db.delete(sessions).where(eq(sessions.userId, account.id));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id));
  await db.delete(paymentCards).where(eq(paymentCards.userId, account.id));
  await db.delete(paymentCustomers).where(eq(paymentCustomers.userId, account.id));
  await db.delete(outboxEmails).where(eq(outboxEmails.toAddress, account.email));
  await db.update(reviews).set({ patientDisplayName: 'Former patient' }).where(eq(reviews.patientUserId, account.id));
  await db.update(appointments).set({ notes: '', updatedAt: now }).where(eq(appointments.patientUserId, account.id));
  await db
    .update(patientAppUsers)
    .set({
      // A unique address that can receive nothing (.invalid, RFC 2606) frees the real one for a new sign-up.
      email: `deleted+${account.id}@deleted.invalid`,
      // Not a scrypt hash: no password matches it.
      passwordHash: 'purged',
      firstName: 'Deleted',
      lastName: 'account',
      phoneNumber: '',
      gender: 'preferNotToSay',
      dateOfBirth: '1900-01-01',
      streetAddress: '',
      suite: null,
      city: '',
      state: '',
      zip: '',
      profileImage: null,
      purgeAfter: null,
      updatedAt: now,
    })
    .where(eq(patientAppUsers.id, account.id));
}

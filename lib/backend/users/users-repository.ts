import 'server-only';
import { eq } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { patientAppUsers } from '../../db/schema';

export type UserRow = typeof patientAppUsers.$inferSelect;
export type NewUserRow = typeof patientAppUsers.$inferInsert;

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  const db = await executor();
  const rows = await db.select().from(patientAppUsers).where(eq(patientAppUsers.email, email)).limit(1);
  return rows[0];
}

export async function findUserById(id: string): Promise<UserRow | undefined> {
  const db = await executor();
  const rows = await db.select().from(patientAppUsers).where(eq(patientAppUsers.id, id)).limit(1);
  return rows[0];
}

/** Inserts a user; returns undefined when the email is taken (the unique index decides, so races are safe). */
export async function insertUser(values: NewUserRow): Promise<UserRow | undefined> {
  const db = await executor();
  const rows = await db.insert(patientAppUsers).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function updateUser(id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
  const db = await executor();
  const rows = await db
    .update(patientAppUsers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(patientAppUsers.id, id))
    .returning();
  return rows[0];
}

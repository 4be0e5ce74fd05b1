import 'server-only';
import { findUserByEmail, updateUser, type UserRow } from './users-repository';

/*
 * What logging in and resetting a password need of the users. Apart from users-service.ts,
 * which imports the session type (and the sessions it ends) from auth-service.ts: auth importing
 * users-service back would close an import cycle.
 */

/** The account with this email, if any; deleted ones too (login restores those within their grace period). */
export async function userByEmail(email: string): Promise<UserRow | undefined> {
  return findUserByEmail(email);
}

/** Stores a new password hash; undefined when the account is gone. Joins the caller's transaction. */
export async function setPasswordHash(userId: string, passwordHash: string): Promise<UserRow | undefined> {
  return updateUser(userId, { passwordHash });
}

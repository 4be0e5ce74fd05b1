import 'server-only';
import { ApiError } from '../errors';
import { restoreAccount } from './account-repository';
import type { UserRow } from '../users/users-repository';

/**
 * Called by login once the password is right. A live account logs in as usual; a deleted one in
 * its grace period is restored (the login page says so: SPEC.md isAccountRestored); one past it
 * (waiting for the purge) cannot log in at all.
 */
export async function restoreOnLogin(
  user: Pick<UserRow, 'id' | 'deletedAt'>,
  now: Date = new Date(),
): Promise<{ restored: boolean }> {
  if (!user.deletedAt) return { restored: false };
  if (!(await restoreAccount(user.id, now))) throw new ApiError('wrongCredentials');
  return { restored: true };
}

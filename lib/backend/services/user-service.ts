import 'server-only';
import type { ChangePasswordRequest } from '../../contracts/auth';
import type { SignUpRequest, UpdateProfileRequest, User } from '../../contracts/user';
import type { Locale } from '../../i18n/languages';
import { ApiError } from '../errors';
import { translate } from '../../i18n/translate';
import { queueEmail } from '../mail/outbox-service';
import { hashPassword, verifyPassword } from '../../security/password';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../repositories/users-repository';
import type { AuthenticatedSession } from './auth-service';
import { revokeOtherSessions } from '../repositories/sessions-repository';
import { toUserDto } from './user-dto';
import { inTransaction } from '../../db/transaction';

export async function signUp(input: SignUpRequest, locale: Locale): Promise<User> {
  if (await findUserByEmail(input.email)) throw new ApiError('emailTaken');
  const { password, acceptTerms: _accepted, ...profile } = input;
  const passwordHash = await hashPassword(password);
  // The account and its welcome email commit together; the email is delivered after commit.
  const row = await inTransaction(async () => {
    const inserted = await insertUser({ ...profile, suite: profile.suite ?? null, passwordHash });
    if (!inserted) return undefined;
    await queueEmail({
      to: inserted.email,
      subject: translate(locale, 'api.welcomeEmailSubject'),
      text: translate(locale, 'api.welcomeEmailBody', { name: inserted.firstName }),
    });
    return inserted;
  });
  if (!row) throw new ApiError('emailTaken'); // lost a race with another sign-up for the same email
  return toUserDto(row);
}

export async function currentUser(session: AuthenticatedSession): Promise<User> {
  const row = await findUserById(session.userId);
  if (!row) throw new ApiError('notAuthorized');
  return toUserDto(row);
}

export async function updateProfile(session: AuthenticatedSession, input: UpdateProfileRequest): Promise<User> {
  const row = await updateUser(session.userId, { ...input, suite: input.suite ?? null });
  if (!row) throw new ApiError('notAuthorized');
  return toUserDto(row);
}

export async function changePassword(session: AuthenticatedSession, input: ChangePasswordRequest): Promise<void> {
  const row = await findUserById(session.userId);
  if (!row) throw new ApiError('notAuthorized');
  if (!(await verifyPassword(input.current, row.passwordHash))) throw new ApiError('invalidCurrentPassword');
  await updateUser(row.id, { passwordHash: await hashPassword(input.new) });
  // Whoever knew the old password may hold a session elsewhere: end those, keep this one.
  await revokeOtherSessions(row.id, session.sessionId);
}

import 'server-only';
import { deleteImage, ownImage } from '../images/images-service';
import { ApiError } from '../errors';
import { translate } from '../../i18n/translate';
import { queueEmail } from '../outbox/outbox-service';
import { hashPassword, verifyPassword } from '../../security/password';
import { findUserByEmail, findUserById, insertUser, updateUser, type UserRow } from './users-repository';
import { toUserDto } from './user-dto';
import { inTransaction } from '../../db/transaction';
import { takePasswordChangeAttempt, takeSignUpRequest } from '../throttle/throttle-service';
import { endOtherSessions, type AuthenticatedSession } from '../auth/auth-service';
import type { Locale } from '../../i18n/languages';
import type { SetProfilePhotoRequest, SignUpRequest, UpdateProfileRequest, User } from '../../contracts/user';
import type { ChangePasswordRequest } from '../../contracts/auth';

/**
 * Signs a patient up. SPEC.md section 8 answers a taken email with "This email is already
 * taken", which tells whoever asks that the account exists: requests are limited per address,
 * and the taken path pays the same password hash as a new account, so probing is slow and the
 * answer's timing says nothing more (lib/docs/decisions/login-throttling.md).
 */
export async function signUp(input: SignUpRequest, locale: Locale, ip: string): Promise<User> {
  await takeSignUpRequest(ip);
  const { password, acceptTerms: _accepted, ...profile } = input;
  const [existing, passwordHash] = await Promise.all([findUserByEmail(input.email), hashPassword(password)]);
  if (existing) throw new ApiError('emailTaken');
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

/**
 * The patient's own row, for the services that act for them (booking, reviews, insurance,
 * support); undefined once the account is gone, which each caller answers in its own order.
 */
export async function patientById(userId: string): Promise<UserRow | undefined> {
  return findUserById(userId);
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

/** Wrong current passwords are throttled like login (per account and per address): a stolen session must not become a password oracle. */
export async function changePassword(
  session: AuthenticatedSession,
  input: ChangePasswordRequest,
  ip: string,
): Promise<void> {
  const attempt = await takePasswordChangeAttempt(session.userId, ip);
  const row = await findUserById(session.userId);
  if (!row) throw new ApiError('notAuthorized');
  // A wrong current password keeps its point: it is the failure the budget counts.
  if (!(await verifyPassword(input.current, row.passwordHash))) throw new ApiError('invalidCurrentPassword');
  await attempt.succeeded();
  const passwordHash = await hashPassword(input.new);
  // Whoever knew the old password may hold a session elsewhere: end those, keep this one, in the
  // same transaction as the change, so a failure cannot leave the new password with old sessions.
  await inTransaction(async () => {
    await updateUser(row.id, { passwordHash });
    await endOtherSessions(session);
  });
}

/**
 * PUT /v4/patientAppUser/photo: an uploaded image of the patient's own (purpose profile, already
 * cropped square and re-encoded by the image pipeline) becomes the profile photo; the previous
 * one is deleted in the same transaction, so no unused photo is left behind. Another patient's
 * image answers 404, as an unknown one does; a teeth or insurance image is refused (400).
 */
export async function setProfilePhoto(session: AuthenticatedSession, input: SetProfilePhotoRequest): Promise<User> {
  const image = await ownImage(session, input.imageId);
  if (!image) throw new ApiError('notFound');
  if (image.purpose !== 'profile') {
    throw new ApiError('badRequest', 'api.badRequest', {
      fields: [{ path: 'imageId', message: 'validation.invalid' }],
    });
  }
  const row = await inTransaction(async () => {
    const before = await findUserById(session.userId);
    if (!before) throw new ApiError('notAuthorized');
    const updated = await updateUser(session.userId, { profileImageId: image.id });
    if (before.profileImageId && before.profileImageId !== image.id) await deleteImage(session, before.profileImageId);
    return updated!;
  });
  return toUserDto(row);
}

// DELETE /v4/patientAppUser/photo - remove the photo and its image (nothing to remove is fine)
export async function deleteProfilePhoto(session: AuthenticatedSession): Promise<User> {
  const row = await inTransaction(async () => {
    const before = await findUserById(session.userId);
    if (!before) throw new ApiError('notAuthorized');
    if (!before.profileImageId) return before;
    const updated = await updateUser(session.userId, { profileImageId: null });
    await deleteImage(session, before.profileImageId);
    return updated!;
  });
  return toUserDto(row);
}

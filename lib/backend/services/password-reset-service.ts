import 'server-only';
import type { Locale } from '../../i18n/languages';
import { serverEnv } from '../../config/server-env';
import { ApiError } from '../errors';
import { translate } from '../../i18n/translate';
import { getMailer } from '../mail/mailer';
import { hashPassword, randomToken, sha256 } from '../security/password';
import { findUserByEmail } from '../repositories/users-repository';
import { consumeResetToken, findUsableResetToken, insertResetToken } from '../repositories/password-reset-repository';
import { recordAttempt } from '../repositories/throttle-repository';
import { assertNotThrottled } from './throttle-service';

export const RESET_TOKEN_TTL_MINUTES = 60;

/**
 * Sends a reset link. The spec's catalogue answers an unknown email with "Entered email
 * doesn't exist" (section 8); that reveals which emails have accounts, so requests are
 * throttled per address and per email (README, Decisions).
 */
export async function sendResetEmail(email: string, ip: string, locale: Locale): Promise<void> {
  await assertNotThrottled('reset', email, ip);
  const user = await findUserByEmail(email);
  // Every request counts against the window, found or not, so the endpoint cannot be used to probe emails fast.
  await recordAttempt('reset', email, ip, false);
  if (!user) throw new ApiError('emailNotFound');
  const token = randomToken();
  await insertResetToken(user.id, sha256(token), new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000));
  const prefix = locale === 'es' ? '/es' : '';
  const link = `${serverEnv().publicUrl}${prefix}/reset/${token}`;
  await getMailer().send({
    to: user.email,
    subject: translate(locale, 'api.resetEmailSubject'),
    text: translate(locale, 'api.resetEmailBody', { name: user.firstName, link, minutes: RESET_TOKEN_TTL_MINUTES }),
  });
}

export async function checkResetToken(token: string): Promise<{ valid: true; email: string }> {
  const found = await findUsableResetToken(sha256(token), new Date());
  if (!found) throw new ApiError('resetTokenInvalid');
  return { valid: true, email: found.email };
}

export async function setNewPassword(token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  if (!(await consumeResetToken(sha256(token), passwordHash, new Date()))) throw new ApiError('resetTokenInvalid');
}

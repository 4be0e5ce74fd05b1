import 'server-only';
import type { Locale } from '../../i18n/languages';
import { serverEnv } from '../../config/server-env';
import { ApiError } from '../errors';
import { translate } from '../../i18n/translate';
import { getMailer } from '../mail/mailer';
import { hashPassword, randomToken, sha256 } from '../security/password';
import { findUserByEmail } from '../repositories/users-repository';
import { consumeResetToken, findUsableResetToken, insertResetToken } from '../repositories/password-reset-repository';
import { takeResetRequest } from './throttle-service';

export const RESET_TOKEN_TTL_MINUTES = 60;

/**
 * Both answers of a reset request take at least this long, so the time taken does not tell
 * a known email (a token written, an email queued or sent) from an unknown one (one lookup).
 */
export const RESET_ANSWER_FLOOR_MS = 400;

/**
 * Sends a reset link. The spec's catalogue answers an unknown email with "Entered email
 * doesn't exist" (section 8); that reveals which emails have accounts, so requests are limited
 * per email and per address whether the email is known or not, and both answers take the same
 * time (lib/docs/decisions/login-throttling.md).
 */
export async function sendResetEmail(email: string, ip: string, locale: Locale): Promise<void> {
  await takeResetRequest(email, ip);
  const floor = new Promise((resolve) => setTimeout(resolve, RESET_ANSWER_FLOOR_MS));
  try {
    const user = await findUserByEmail(email);
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
  } finally {
    await floor;
  }
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

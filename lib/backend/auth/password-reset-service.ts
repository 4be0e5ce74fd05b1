import 'server-only';
import { serverEnv } from '../../config/server-env';
import { ApiError } from '../errors';
import { translate } from '../../i18n/translate';
import { queueEmail } from '../outbox/outbox-service';
import { hashPassword, randomToken, sha256 } from '../../security/password';
import { setPasswordHash, userByEmail } from '../users/user-credentials-service';
import {
  closeOpenResetTokens,
  findUsableResetToken,
  insertResetToken,
  useResetToken,
} from './password-reset-repository';
import { revokeUserSessions } from './sessions-repository';
import { inTransaction } from '../../db/transaction';
import { forgiveUntrustedLogins, takeResetRequest } from '../throttle/throttle-service';
import type { Locale } from '../../i18n/languages';

export const RESET_TOKEN_TTL_MINUTES = 60;

/**
 * Both answers of a reset request take at least this long, so the time taken does not tell
 * a known email (a token written, an email queued) from an unknown one (one lookup).
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
    const user = await userByEmail(email);
    if (!user) throw new ApiError('emailNotFound');
    const token = randomToken();
    const prefix = locale === 'es' ? '/es' : '';
    const link = `${serverEnv().publicUrl}${prefix}/reset/${token}`;
    // The link and the email carrying it commit together: no mail for a token that was not stored.
    await inTransaction(async () => {
      await insertResetToken(user.id, sha256(token), new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000));
      await queueEmail({
        to: user.email,
        subject: translate(locale, 'api.resetEmailSubject'),
        text: translate(locale, 'api.resetEmailBody', { name: user.firstName, link, minutes: RESET_TOKEN_TTL_MINUTES }),
      });
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

/**
 * Uses the link once: the token and the user's other open links are closed, the password set and
 * every session revoked in one transaction, so a failure half-way leaves the link usable.
 */
export async function setNewPassword(token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const user = await inTransaction(async () => {
    const userId = await useResetToken(sha256(token), now);
    if (!userId) return undefined;
    await closeOpenResetTokens(userId, now);
    const updated = await setPasswordHash(userId, passwordHash);
    await revokeUserSessions(userId);
    return updated;
  });
  if (!user) throw new ApiError('resetTokenInvalid');
  await forgiveUntrustedLogins(user.email);
}

import 'server-only';
import { serverEnv } from '../../config/server-env';
import { inTransaction } from '../../db/transaction';
import { translate } from '../../i18n/translate';
import { ApiError } from '../errors';
import { queueEmail } from '../outbox/outbox-service';
import { takeLimitedRequest } from '../throttle/throttle-service';
import { patientById } from '../users/users-service';
import type { Locale } from '../../i18n/languages';
import type { SupportRequest } from '../../contracts/support';
import type { AuthenticatedSession } from '../auth/auth-service';
import type { LimitRule } from '../throttle/rate-limit-repository';

/*
 * Support requests (SPEC.md sections 3 and 7, PUT /v4/supportEmail): one email to the
 * support address (SUPPORT_EMAIL) and an acknowledgement to the patient in the language of the
 * request, both through the outbox in one transaction, so either both go or neither.
 */

/**
 * Per account: enough for a patient with a real problem and a follow-up or two, too few to turn
 * the endpoint into a way of mailing the support desk (or the patient's own inbox) in bulk.
 */
export const SUPPORT_LIMIT: LimitRule = { name: 'support-account', points: 5, durationSeconds: 60 * 60 };

// PUT /v4/supportEmail
export async function sendSupportRequest(
  auth: AuthenticatedSession,
  body: SupportRequest,
  locale: Locale,
): Promise<void> {
  const user = await patientById(auth.userId);
  if (!user) throw new ApiError('notAuthorized');
  // Counted whatever happens next, like sign-up and reset requests.
  await takeLimitedRequest(SUPPORT_LIMIT, auth.userId, 'support.api.tooMany');
  const name = `${user.firstName} ${user.lastName}`;
  await inTransaction(async () => {
    // The support desk reads English; the patient's language is stated so the answer can be in it.
    await queueEmail({
      to: serverEnv().SUPPORT_EMAIL,
      subject: translate('en', 'support.email.staffSubject', { subject: body.subject }),
      text: translate('en', 'support.email.staffBody', {
        name,
        email: user.email,
        accountId: user.id,
        language: locale,
        subject: body.subject,
        message: body.message,
      }),
    });
    await queueEmail({
      to: user.email,
      subject: translate(locale, 'support.email.ackSubject', { subject: body.subject }),
      text: translate(locale, 'support.email.ackBody', {
        name: user.firstName,
        subject: body.subject,
        message: body.message,
      }),
    });
  });
}

import 'server-only';
import { serverEnv } from '../../config/server-env';
import { translate } from '../../i18n/translate';
import { queueEmail } from '../outbox/outbox-service';
import { doctorName } from '../providers/provider-name';
import { findReviewInvitation } from './reviews-repository';

/**
 * The post-visit email: once a visit is completed, the feedback job
 * (feedback-service.ts) asks the patient, in the language they booked in, how it went; the link
 * opens /submit-feedback for that visit, whose saved feedback is the visit's review. One email per
 * visit: it replaced's invitation sent at completion, which linked to My Reviews.
 * Queued in the caller's transaction, so it goes only if the claim commits.
 */
export async function queueFeedbackRequest(appointmentId: string): Promise<void> {
  const row = await findReviewInvitation(appointmentId);
  if (!row) return;
  const prefix = row.language === 'es' ? '/es' : '';
  const link = `${serverEnv().publicUrl}${prefix}/submit-feedback?appointment=${row.id}`;
  const provider = doctorName(
    { first_name: row.providerFirstName, last_name: row.providerLastName, gender: row.providerGender },
    row.language,
  );
  await queueEmail({
    to: row.email,
    subject: translate(row.language, 'reviews.emailSubject', { provider }),
    text: translate(row.language, 'reviews.emailBody', { name: row.firstName, provider, link }),
  });
}

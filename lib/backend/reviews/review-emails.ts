import 'server-only';
import { serverEnv } from '../../config/server-env';
import { translate } from '../../i18n/translate';
import { queueEmail } from '../mail/outbox-service';
import { doctorName } from '../search/discovery-dto';
import { findReviewInvitation } from './reviews-repository';

/**
 * The review email (issue 13): once the office marks a visit completed, the patient is asked,
 * in the language they booked in, to review it; the link opens My Reviews with that visit's
 * review dialog. Queued in the caller's transaction, so it goes only if the completion commits.
 */
export async function queueReviewInvitation(appointmentId: string): Promise<void> {
  const row = await findReviewInvitation(appointmentId);
  if (!row) return;
  const prefix = row.language === 'es' ? '/es' : '';
  const link = `${serverEnv().publicUrl}${prefix}/account-section?tab=my-reviews&review=${row.id}`;
  const provider = doctorName({ first_name: row.providerFirstName, last_name: row.providerLastName, gender: row.providerGender }, row.language);
  await queueEmail({
    to: row.email,
    subject: translate(row.language, 'reviews.emailSubject', { provider }),
    text: translate(row.language, 'reviews.emailBody', { name: row.firstName, provider, link }),
  });
}

import 'server-only';
import { serverEnv } from '../../config/server-env';
import { countryByCode } from '../../contracts/countries';
import { inTransaction } from '../../db/transaction';
import { translate } from '../../i18n/translate';
import { ApiError } from '../errors';
import { queueEmail } from '../outbox/outbox-service';
import { consumeWithinLimit, takeLimitedRequest } from '../throttle/throttle-service';
import {
  findSpecialtyNames,
  hasRequestSince,
  insertPracticeRequest,
  lockNpi,
  type PracticeRequestRow,
} from './practice-requests-repository';
import type { Locale } from '../../i18n/languages';
import type { PracticeRequest, PracticeRequestReceipt } from '../../contracts/practice-requests';
import type { LimitRule } from '../throttle/rate-limit-repository';

/**
 * Requests accepted from one client address per hour. A practice sends one; ten leave room for a
 * front desk listing several providers, while a script filling the team's inbox is stopped.
 */
export const PRACTICE_REQUEST_LIMIT: LimitRule = { name: 'practice-request-ip', points: 10, durationSeconds: 60 * 60 };

/**
 * Acknowledgements sent to one address per day. The form is open to anyone, so the address and
 * the text in the acknowledgement (the practice and contact names) are whatever a sender typed:
 * without this, ten addresses an hour could each be sent ten emails an hour. Beyond it the request
 * is still stored and the team still told; only the acknowledgement is skipped, silently, so the
 * answer does not tell a sender anything about the address.
 */
export const PRACTICE_ACK_LIMIT: LimitRule = { name: 'practice-ack-email', points: 3, durationSeconds: 24 * 60 * 60 };

/** "The same practice asking twice within a day": a rolling 24 hours per NPI. */
const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

function phone(countryCode: string, digits: string): string {
  const country = countryByCode(countryCode);
  return country ? `+${country.dialCode.replace(/^\+/, '')} ${digits}` : digits;
}

function teamEmailText(row: PracticeRequestRow, specialtyNames: string[], locale: Locale): string {
  const t = (key: Parameters<typeof translate>[1], values?: Record<string, string>) => translate(locale, key, values);
  const lines: [string, string][] = [
    [t('api.practiceField.practiceName'), row.practiceName],
    [t('api.practiceField.phone'), phone(row.phoneCountry, row.phoneNumber)],
    [t('api.practiceField.website'), row.website ?? '-'],
    [t('api.practiceField.email'), row.email],
    [t('api.practiceField.address'), row.suite ? `${row.address}, ${row.suite}` : row.address],
    [t('api.practiceField.contactName'), row.contactName],
    [t('api.practiceField.practiceType'), t(`api.practiceType.${row.practiceType}`)],
    [t('api.practiceField.provider'), `${row.providerFirstName} ${row.providerLastName}`],
    [t('api.practiceField.mobile'), phone(row.mobileCountry, row.mobileNumber)],
    [t('api.practiceField.providerEmail'), row.providerEmail],
    [t('api.practiceField.npi'), row.npi],
    [t('api.practiceField.specialties'), specialtyNames.join(', ')],
    [t('api.practiceField.previouslyProvider'), t(row.previouslyProvider ? 'api.practiceYes' : 'api.practiceNo')],
  ];
  return [t('api.practiceTeamEmailIntro'), '', ...lines.map(([label, value]) => `${label}: ${value}`)].join('\n');
}

/**
 * Stores a practice's listing request and queues, in the same transaction, the acknowledgement to
 * the practice (at most PRACTICE_ACK_LIMIT per address) and the notification to the team, both in
 * the sender's language. The same NPI
 * within 24 hours answers 409: checked under a per-NPI lock, and refused by the database's
 * (npi, day) unique index whatever happens.
 */
export async function submitPracticeRequest(
  input: PracticeRequest,
  locale: Locale,
  ip: string,
): Promise<PracticeRequestReceipt> {
  await takeLimitedRequest(PRACTICE_REQUEST_LIMIT, ip);
  const specialties = await findSpecialtyNames(input.specialtyIds, locale);
  if (specialties.length !== input.specialtyIds.length) {
    throw new ApiError('badRequest', 'api.badRequest', {
      fields: [{ path: 'specialtyIds', message: 'validation.invalid' }],
    });
  }
  // Taken before the transaction (the counters live outside it), so a refused duplicate counts too.
  const acknowledge = await consumeWithinLimit(PRACTICE_ACK_LIMIT, input.email.trim().toLowerCase());
  const now = new Date();
  const row = await inTransaction(async () => {
    await lockNpi(input.npi);
    if (await hasRequestSince(input.npi, new Date(now.getTime() - DUPLICATE_WINDOW_MS))) return undefined;
    const inserted = await insertPracticeRequest({
      ...input,
      website: input.website ?? null,
      suite: input.suite ?? null,
      locale,
      requestDay: now.toISOString().slice(0, 10),
      createdAt: now,
    });
    if (!inserted) return undefined;
    if (acknowledge) {
      await queueEmail({
        to: inserted.email,
        subject: translate(locale, 'api.practiceAckEmailSubject'),
        text: translate(locale, 'api.practiceAckEmailBody', {
          name: inserted.contactName,
          practice: inserted.practiceName,
        }),
      });
    }
    await queueEmail({
      to: serverEnv().PRACTICE_TEAM_EMAIL,
      subject: translate(locale, 'api.practiceTeamEmailSubject', { practice: inserted.practiceName }),
      text: teamEmailText(
        inserted,
        specialties.map((s) => s.name),
        locale,
      ),
    });
    return inserted;
  });
  if (!row) throw new ApiError('practiceRequestExists');
  return { id: row.id, message: translate(locale, 'api.practiceRequestReceived') };
}

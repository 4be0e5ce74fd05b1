import 'server-only';
import { ACCOUNT_GRACE_DAYS, type DeleteAccountQuery, type DeleteAccountResponse } from '../../contracts/account';
import { inTransaction } from '../../db/transaction';
import { translate } from '../../i18n/translate';
import { logger } from '../../logging/logger';
import { fileStorage } from '../adapters/storage/storage-adapter';
import { cancelUpcomingOfDeletedAccount } from '../appointments/appointments-service';
import { removeAllCards } from '../cards/cards-service';
import { endAllSessions, type AuthenticatedSession } from '../auth/auth-service';
import { ApiError } from '../errors';
import { queueEmail } from '../outbox/outbox-service';
import {
  anonymiseAccount,
  deleteAccountImages,
  deleteResetTokens,
  listAccountsToPurge,
  lockAccountToPurge,
  lockLiveAccount,
  markAccountDeleted,
  removeFamilyMembers,
} from './account-repository';
import type { Locale } from '../../i18n/languages';

/*
 * Account deletion with restore (SPEC.md sections 4 and 7, PUT /v4/deleteFadAccount).
 * Deleting cancels the upcoming appointments under the 24-hour refund rule, removes the saved
 * cards at the gateway, ends every session and starts a grace period; logging in within it
 * restores the account, after it the purge job removes the personal data (README "Account
 * deletion"). Every function takes `now`, so tests move time without timers.
 */

export const GRACE_MS = ACCOUNT_GRACE_DAYS * 24 * 60 * 60_000;

// PUT /v4/deleteFadAccount?consent=true
export async function deleteAccount(
  auth: AuthenticatedSession,
  query: DeleteAccountQuery,
  locale: Locale,
  now: Date = new Date(),
): Promise<DeleteAccountResponse> {
  // SPEC.md section 7: consent defaults to false, and without it nothing changes; the contract
  // refuses anything but consent=true with 400 before this runs, and this says so once more.
  if (query.consent !== 'true') throw new ApiError('badRequest', 'deleteAccount.api.consentRequired');
  const purgeAfter = new Date(now.getTime() + GRACE_MS);
  const { refunds, canceled } = await inTransaction(async () => {
    const account = await lockLiveAccount(auth.userId);
    if (!account) throw new ApiError('notAuthorized');
    const { refunds, canceled } = await cancelUpcomingOfDeletedAccount(auth.userId, now);
    await markAccountDeleted(auth.userId, now, purgeAfter);
    await deleteResetTokens(auth.userId);
    // Signed out everywhere, in the same change: no device keeps a session of a deleted account.
    await endAllSessions(auth.userId);
    const until = formatDate(purgeAfter, locale);
    await queueEmail({
      to: account.email,
      subject: translate(locale, 'deleteAccount.email.subject'),
      text: translate(locale, 'deleteAccount.email.body', { name: account.firstName, date: until, count: canceled }),
    });
    return { refunds, canceled };
  });
  // Money moves after commit, as cancelAppointment does; a failed refund stays 'manual' for support.
  for (const refund of refunds) await refund();
  // The saved cards go after the deletion's commit, so a gateway outage does not keep a patient
  // from deleting their account: a card the gateway could not remove stays recorded (nobody can
  // use it: the account has no session) and the purge tries again.
  await removeAllCards(auth.userId);
  return {
    message: translate(locale, 'deleteAccount.api.deleted', { date: formatDate(purgeAfter, locale) }),
    canceledAppointments: canceled,
    restorableUntil: purgeAfter.toISOString(),
  };
}

function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * The purge job: accounts whose grace period is over lose their personal data (README "Account
 * deletion"). Each account in its own transaction; one that fails is retried on the next run.
 */
export async function purgeDeletedAccounts(now: Date = new Date(), batch = 50): Promise<number> {
  let purged = 0;
  for (const userId of await listAccountsToPurge(now, batch)) {
    try {
      if (await purgeAccount(userId, now)) purged += 1;
    } catch (error) {
      logger.error({ err: error, userId }, 'account purge failed; retried on the next run');
    }
  }
  return purged;
}

async function purgeAccount(userId: string, now: Date): Promise<boolean> {
  // Cards the deletion could not remove at the gateway; the rows go with the purge either way.
  await removeAllCards(userId);
  return inTransaction(async () => {
    const account = await lockAccountToPurge(userId, now);
    if (!account) return false;
    for (const key of await deleteAccountImages(userId)) await fileStorage().delete(key);
    await removeFamilyMembers(userId, now);
    await anonymiseAccount(account, now);
    return true;
  });
}

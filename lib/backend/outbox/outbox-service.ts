import 'server-only';
import { afterCommit } from '../../db/transaction';
import { logger } from '../../logging/logger';
import { mailTransport, type OutgoingEmail } from '../adapters/mail/mail-adapter';
import { claimDueEmails, insertOutboxEmail, markEmailFailed, markEmailSent } from './outbox-repository';

/** Delivery attempts before an email is given up ('failed'), with backoff between them. */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;
/** How long a claimed email stays with the process that claimed it before another may retry it. */
const LEASE_SECONDS = 120;

/** 30 s, 1 min, 2 min, ... up to an hour: an SMTP server that is down for a while is not hammered. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Queues an email as part of the caller's change (transactional outbox, lib/docs/architecture.md): the
 * row is written on the caller's executor, so inside `inTransaction()` it exists only if the
 * change commits, and delivery starts only after that commit. A rolled-back booking sends no mail.
 */
export async function queueEmail(email: OutgoingEmail): Promise<void> {
  await insertOutboxEmail({
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    attachments: email.attachments ?? null,
  });
  afterCommit(kickDelivery);
}

let running: Promise<number> | undefined;
let again = false;

/**
 * Starts a delivery round now (or right after the one under way). Retries of failed deliveries
 * and leftovers of a restart are picked up every minute by the 'mail-outbox-retry' recurring job
 * (lib/backend/jobs/app-jobs.ts), which the server starts at boot.
 */
export function kickDelivery(): void {
  void deliverDueEmails().catch(logFailure);
}

/**
 * Delivers every due email through the configured transport and returns how many were handed
 * over. One round at a time per process; other processes claim other rows (SKIP LOCKED), so
 * each email is delivered once unless a process dies between delivering and recording it.
 */
export function deliverDueEmails(): Promise<number> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let delivered = 0;
    try {
      do {
        again = false;
        for (;;) {
          const batch = await claimDueEmails(BATCH, LEASE_SECONDS);
          if (!batch.length) break;
          for (const row of batch) {
            try {
              await mailTransport().deliver({
                to: row.toAddress,
                subject: row.subject,
                text: row.textBody,
                html: row.htmlBody ?? undefined,
                attachments: row.attachments ?? undefined,
              });
              await markEmailSent(row.id);
              delivered++;
            } catch (error) {
              const retryAt = row.attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + retryDelayMs(row.attempts));
              await markEmailFailed(row.id, (error as Error).message ?? String(error), retryAt);
            }
          }
          if (batch.length < BATCH) break;
        }
      } while (again);
    } finally {
      running = undefined;
    }
    return delivered;
  })();
  return running;
}

function logFailure(error: unknown): void {
  logger.error({ err: error }, 'mail outbox delivery round failed');
}

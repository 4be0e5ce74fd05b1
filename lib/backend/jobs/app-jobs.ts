import 'server-only';
import { executor } from '../../db/transaction';
import { logger } from '../../logging/logger';
import { sendDueReminders, sweepNoShows } from '../appointments/appointment-jobs';
import { purgeDeletedAccounts } from '../account/account-service';
import { sendFeedbackRequests } from '../reviews/feedback-service';
import { deliverDueEmails } from '../outbox/outbox-service';
import { reconcilePayments } from '../payments/payment-reconciliation';
import { sweepPendingUploads } from '../images/images-service';
import { moveLegacyFiles } from '../adapters/storage/legacy-files';
import { refreshDemoPatient } from '../demo/demo-patient-service';
import { defineRecurringJob, startJobs, stopJobs } from './job-runner';

/*
 * Every recurring job of the app, in one list, and the server's way to start them
 * (lib/custom-server/serve.mjs through edge.ts). A new job is one defineRecurringJob here; its handler
 * lives in its own service.
 */

/**
 * The mail outbox's retry sweep: failed deliveries whose backoff has passed, and emails a
 * restarted or dead process left claimed. New mail does not wait for it (queueEmail delivers
 * right after commit); rows are claimed with SKIP LOCKED, so a run beside a kick is harmless.
 */
defineRecurringJob({
  name: 'mail-outbox-retry',
  cron: '* * * * *',
  handler: deliverDueEmails,
});

/** Visits not checked in become No Show, and day-old No Shows are canceled. */
defineRecurringJob({
  name: 'appointment-no-shows',
  cron: '* * * * *',
  handler: async () => {
    await sweepNoShows();
  },
});

/** The reminder email 24 hours before each visit, sent once. */
defineRecurringJob({
  name: 'appointment-reminders',
  cron: '* * * * *',
  handler: async () => {
    await sendDueReminders();
  },
});

/** The post-visit feedback email, once per completed visit. */
defineRecurringJob({
  name: 'visit-feedback-emails',
  cron: '* * * * *',
  handler: async () => {
    await sendFeedbackRequests();
  },
});

/**
 * Payment attempts a dead or cut-off request left between the charge and the confirmation are
 * looked up at the gateway and completed or voided, and their holds released
 * (lib/docs/decisions/payments.md "Reconciliation").
 */
defineRecurringJob({
  name: 'payment-reconciliation',
  cron: '* * * * *',
  handler: async () => {
    await reconcilePayments();
  },
});

/**
 * Deleted accounts past their 30-day grace period lose their personal data (README
 * "Account deletion"). Hourly: a day's precision is all the grace period promises.
 */
defineRecurringJob({
  name: 'account-purge',
  cron: '17 * * * *',
  handler: async () => {
    await purgeDeletedAccounts();
  },
});

/**
 * Uploads that died between their committed pending row and their object (a crash, a store that
 * failed twice) lose both, once the row is older than any live upload could be; and image bytes
 * an older version kept in the database move to the file store, on the first run after start-up.
 */
defineRecurringJob({
  name: 'pending-uploads',
  cron: '*/5 * * * *',
  handler: async () => {
    await sweepPendingUploads();
    await moveLegacyFiles();
  },
});

/**
 * The demo patient's visits move with the calendar (README "Demo"): hourly, and once at
 * start, a demo database whose demo patient has no visit to come gets fresh ones. A production
 * database (no generated dentists, or a real payment gateway) is never touched.
 */
defineRecurringJob({
  name: 'demo-patient-refresh',
  cron: '41 * * * *',
  handler: async () => {
    await refreshDemoPatient();
  },
});

const RETRY_START_MS = 30_000;
let stopping = false;

/**
 * Opens (and on first start migrates) the database, then starts the jobs; if the database is
 * not reachable yet, tries again every 30 s while the server keeps answering requests.
 */
export async function startAppJobs(): Promise<void> {
  stopping = false;
  for (;;) {
    try {
      await executor();
      const runner = await startJobs();
      logger.info(
        { runner: runner.kind },
        `background jobs started (${runner.kind === 'pg-boss' ? 'pg-boss on PostgreSQL' : 'in-process scheduler'})`,
      );
      await refreshDemoPatient().catch((error: unknown) =>
        logger.error({ err: error }, "could not fill the demo patient's account"),
      );
      return;
    } catch (error) {
      logger.error({ err: error, retryInSeconds: RETRY_START_MS / 1000 }, 'background jobs could not start');
      await new Promise((resolve) => setTimeout(resolve, RETRY_START_MS).unref());
      if (stopping) return;
    }
  }
}

/** Stops the jobs on shutdown, letting a run under way finish. */
export async function stopAppJobs(): Promise<void> {
  stopping = true;
  await stopJobs();
}

import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { afterCommit, inTransaction } from '../../db/transaction';
import { countRows, queryRows, useTestDatabase } from '../../testing/test-db';
import { uniqueEmail } from '../../testing/v4';
import { setMailTransportForTesting, type OutgoingEmail } from '../adapters/mail/mail-adapter';
import { insertUser } from '../users/users-repository';
import { MAX_ATTEMPTS, deliverDueEmails, queueEmail } from './outbox-service';
import { claimDueEmails } from './outbox-repository';

const database = useTestDatabase();

/** The SMTP server is an external part: this one records what it is handed, or refuses it. */
function recordingTransport(fail = false) {
  const delivered: OutgoingEmail[] = [];
  setMailTransportForTesting({
    kind: 'smtp',
    async deliver(email) {
      if (fail) throw new Error('421 service not available');
      delivered.push(email);
    },
  });
  return delivered;
}

afterEach(() => setMailTransportForTesting(undefined));

function userValues(email: string) {
  return {
    email,
    firstName: 'Tx',
    lastName: 'Tester',
    phoneCountry: 'US',
    phoneNumber: '5125550100',
    gender: 'Female' as const,
    dateOfBirth: '1990-01-01',
    streetAddress: '1 Main St',
    suite: null,
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
    passwordHash: 'x',
  };
}

async function outboxFor(email: string) {
  return queryRows<{ status: string; attempts: number; last_error: string | null }>(
    database.db,
    sql`select status, attempts, last_error from outbox_emails where to_address = ${email}`,
  );
}

/** Waits for the detached after-commit delivery to have run (it is not awaited by the writer). */
async function settled(email: string, status: string) {
  for (let i = 0; i < 100; i++) {
    const rows = await outboxFor(email);
    if (rows[0]?.status === status) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  return outboxFor(email);
}

describe('one transaction across repositories (transactional outbox)', () => {
  it('a failure after the second write leaves nothing behind: no user, no email, nothing delivered', async () => {
    const delivered = recordingTransport();
    const email = uniqueEmail();
    const usersBefore = await countRows(database.db, 'patient_app_users');
    const mailBefore = await countRows(database.db, 'outbox_emails');
    let committedHookRan = false;

    await expect(
      inTransaction(async () => {
        await insertUser(userValues(email));
        await queueEmail({ to: email, subject: 'Welcome', text: 'Hello' });
        afterCommit(() => {
          committedHookRan = true;
        });
        throw new Error('card declined after the second write');
      }),
    ).rejects.toThrow('card declined');

    expect(await countRows(database.db, 'patient_app_users')).toBe(usersBefore);
    expect(await countRows(database.db, 'outbox_emails')).toBe(mailBefore);
    await new Promise((r) => setTimeout(r, 50));
    expect(committedHookRan).toBe(false);
    expect(delivered.filter((m) => m.to === email)).toEqual([]);
  });

  it('a committed change delivers its email once, after commit', async () => {
    const delivered = recordingTransport();
    const email = uniqueEmail();
    let seenInsideTransaction = -1;
    await inTransaction(async () => {
      await insertUser(userValues(email));
      await queueEmail({
        to: email,
        subject: 'Booked',
        text: 'See you',
        attachments: [
          {
            filename: 'visit.ics',
            contentType: 'text/calendar',
            content: Buffer.from('BEGIN:VCALENDAR').toString('base64'),
          },
        ],
      });
      seenInsideTransaction = delivered.filter((m) => m.to === email).length;
    });
    expect(seenInsideTransaction).toBe(0);
    expect((await settled(email, 'sent'))[0]?.status).toBe('sent');
    const mine = delivered.filter((m) => m.to === email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.attachments?.[0]?.filename).toBe('visit.ics');
    // A second round finds nothing left to send.
    await deliverDueEmails();
    expect(delivered.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('nested transactions join the outer one, so an outer failure undoes the inner writes too', async () => {
    recordingTransport();
    const email = uniqueEmail();
    await expect(
      inTransaction(async () => {
        await inTransaction(() => insertUser(userValues(email)));
        throw new Error('later step failed');
      }),
    ).rejects.toThrow();
    const rows = await queryRows(database.db, sql`select 1 from patient_app_users where email = ${email}`);
    expect(rows).toEqual([]);
  });

  it('a failing transport keeps the email pending for a retry, then gives up after the last attempt', async () => {
    recordingTransport(true);
    const email = uniqueEmail();
    await queueEmail({ to: email, subject: 'Reminder', text: 'Tomorrow' });
    const [first] = await settled(email, 'pending').then(async (rows) => {
      // Claiming counts the attempt and the failure is recorded after the transport answers:
      // wait for the failure, not only the claim.
      for (let i = 0; i < 100 && rows[0]?.last_error == null; i++) {
        await new Promise((r) => setTimeout(r, 20));
        rows = await outboxFor(email);
      }
      return rows;
    });
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 service not available' });

    // Later attempts are due at once here instead of after the backoff; the last one gives up.
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await queryRows(database.db, sql`update outbox_emails set next_attempt_at = now() where to_address = ${email}`);
      await deliverDueEmails();
    }
    expect((await outboxFor(email))[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('a claimed email is leased: another claimer does not take it until the lease ends', async () => {
    setMailTransportForTesting({ kind: 'smtp', deliver: () => new Promise(() => {}) });
    const email = uniqueEmail();
    await database.db.execute(
      sql`insert into outbox_emails (to_address, subject, text_body, status) values (${email}, 'Lease', 'x', 'pending')`,
    );
    const mine = (await claimDueEmails(1000, 120)).filter((r) => r.toAddress === email);
    expect(mine).toHaveLength(1);
    const again = (await claimDueEmails(1000, 120)).filter((r) => r.toAddress === email);
    expect(again).toEqual([]);
  });
});

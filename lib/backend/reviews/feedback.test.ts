import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { seedDiscovery } from '../../db/seed/discovery';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { signUpAndLogin, v4 } from '../../testing/v4';
import { sha256 } from '../../security/password';
import { setStatusByOffice } from '../appointments/office-service';
import { sendFeedbackRequests } from './feedback-service';

/*
 * Visit feedback: the post-visit email sent once by the feedback job, and
 * /submit-feedback's check (GET) and save (POST /v4/appointments/{id}/feedback). Saved feedback is
 * the visit's review: My Reviews lists it and the provider's rating counts it once.
 */

const database = useTestDatabase();

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 20 });
  });
});

let slot = 0;
/** An appointment of the patient with the given status, `hoursAgo` before now, inserted directly (see reviews.test.ts). */
async function appointment(
  userId: string,
  status = 'completed',
  hoursAgo = 3,
): Promise<{ id: string; providerId: number; officeId: number }> {
  slot += 1;
  const [pair] = await queryRows<{ provider_id: number; office_id: number }>(
    database.db,
    sql`select provider_id, office_id from provider_offices order by provider_id, office_id offset ${slot % 10} limit 1`,
  );
  const [reason] = await queryRows<{ id: number }>(database.db, sql`select id from visit_reasons order by id limit 1`);
  // Two hours apart per call, so the no-overlap constraints never meet.
  const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - (hoursAgo + slot * 2) * 3_600_000);
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into appointments (patient_user_id, provider_id, office_id, starts_at, ends_at, time_zone, visit_type,
                                  visit_reason_id, patient_type, notes, status, language, idempotency_key, request_hash)
        values (${userId}, ${pair!.provider_id}, ${pair!.office_id}, ${start.toISOString()}, ${new Date(start.getTime() + 3_600_000).toISOString()},
                'America/New_York', 'inOffice', ${reason!.id}, 'new', 'Check-up', ${status}, 'en', ${crypto.randomUUID()}, 'test')
        returning id`,
  );
  return { id: row!.id, providerId: pair!.provider_id, officeId: pair!.office_id };
}

const me = async (token: string) => (await v4('GET', '/v4/patientAppUser', { token })).body[0] as { id: string };

async function reviewCount(providerId: number) {
  const [row] = await queryRows<{ review_count: number }>(
    database.db,
    sql`select review_count from providers where id = ${providerId}`,
  );
  return Number(row!.review_count);
}

async function feedbackMails(email: string) {
  return queryRows<{ subject: string; text_body: string }>(
    database.db,
    sql`select subject, text_body from outbox_emails where to_address = ${email.toLowerCase()} order by id`,
  );
}

describe('visit feedback', () => {
  it('checks a completed visit, saves the feedback as its review once, and shows it in My Reviews and on the provider page', async () => {
    const { token } = await signUpAndLogin({ firstName: 'Fay', lastName: 'Feedback' });
    const visit = await appointment((await me(token)).id);
    const before = await reviewCount(visit.providerId);

    const check = await v4('GET', `/v4/appointments/${visit.id}/feedback`, { token });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({
      appointmentId: visit.id,
      providerId: visit.providerId,
      officeId: visit.officeId,
      timeZone: 'America/New_York',
      patientName: 'Fay Feedback',
      review: null,
    });
    expect(check.body.providerName).toMatch(/^Dr\. /);

    const saved = await v4('POST', `/v4/appointments/${visit.id}/feedback`, {
      token,
      body: { rating: 4, text: ' Kind staff. ' },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      appointmentId: visit.id,
      review: { appointmentId: visit.id, rating: 4, text: 'Kind staff.' },
    });
    expect(await reviewCount(visit.providerId)).toBe(before + 1);

    // The same row My Reviews lists and the provider page shows.
    const mine = await v4('GET', '/v4/reviews', { token });
    expect(mine.body.reviews).toEqual([saved.body.review]);
    expect(mine.body.awaitingReview).toEqual([]);
    const page = await v4('GET', `/v4/providers/${visit.providerId}`);
    expect(page.body.reviews[0]).toMatchObject({ id: saved.body.review.id, patientDisplayName: 'Fay F.', rating: 4 });

    // The check now answers the saved review: the page shows it instead of the form.
    expect((await v4('GET', `/v4/appointments/${visit.id}/feedback`, { token })).body.review).toEqual(
      saved.body.review,
    );

    // Twice: already in, in the visitor's language; still counted once. A review written from
    // My Reviews counts as the visit's feedback too.
    const again = await v4('POST', `/v4/appointments/${visit.id}/feedback`, {
      token,
      body: { rating: 1, text: 'Again' },
      language: 'sp',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'alreadyReviewed', message: es.api.alreadyReviewed });
    expect(
      (await v4('POST', `/v4/appointments/${visit.id}/review`, { token, body: { rating: 1, text: 'Again' } })).status,
    ).toBe(409);
    expect(await reviewCount(visit.providerId)).toBe(before + 1);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from reviews where appointment_id = ${visit.id}`,
    );
    expect(row!.n).toBe(1);
  });

  it('stores one review when the feedback is saved twice at once', async () => {
    const { token } = await signUpAndLogin();
    const visit = await appointment((await me(token)).id);
    const replies = await Promise.all(
      [5, 3].map((rating) =>
        v4('POST', `/v4/appointments/${visit.id}/feedback`, { token, body: { rating, text: 'Twice' } }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from reviews where appointment_id = ${visit.id}`,
    );
    expect(row!.n).toBe(1);
  });

  it('refuses visits that are not completed with 409, on check and save', async () => {
    const { token } = await signUpAndLogin();
    const user = await me(token);
    for (const status of ['scheduled', 'confirmed', 'noShow', 'canceled']) {
      const visit = await appointment(user.id, status, -48);
      const check = await v4('GET', `/v4/appointments/${visit.id}/feedback`, { token, language: 'sp' });
      expect(check.status, status).toBe(409);
      expect(check.body).toMatchObject({ errorCode: 'notReviewable', message: es.api.notReviewable });
      const save = await v4('POST', `/v4/appointments/${visit.id}/feedback`, {
        token,
        body: { rating: 4, text: 'Fine' },
      });
      expect(save.status, status).toBe(409);
      expect(save.body).toMatchObject({ errorCode: 'notReviewable', message: en.api.notReviewable });
    }
    expect((await v4('GET', '/v4/reviews', { token })).body.reviews).toEqual([]);
  });

  it("answers 404 to someone else's visit and to unknown or malformed ids, changing nothing; 401 without a session", async () => {
    const owner = await signUpAndLogin();
    const other = await signUpAndLogin();
    const visit = await appointment((await me(owner.token)).id);
    const before = await reviewCount(visit.providerId);
    const check = await v4('GET', `/v4/appointments/${visit.id}/feedback`, { token: other.token });
    expect(check.status).toBe(404);
    expect(check.body).toMatchObject({ errorCode: 'notFound', message: en.api.notFound });
    const save = await v4('POST', `/v4/appointments/${visit.id}/feedback`, {
      token: other.token,
      body: { rating: 1, text: 'Not mine' },
    });
    expect(save.status).toBe(404);
    for (const id of [crypto.randomUUID(), 'not-a-uuid', '12']) {
      expect((await v4('GET', `/v4/appointments/${id}/feedback`, { token: owner.token })).status).toBe(404);
      expect(
        (await v4('POST', `/v4/appointments/${id}/feedback`, { token: owner.token, body: { rating: 1, text: 'x' } }))
          .status,
      ).toBe(404);
    }
    expect((await v4('GET', `/v4/appointments/${visit.id}/feedback`)).status).toBe(401);
    expect((await v4('POST', `/v4/appointments/${visit.id}/feedback`, { body: { rating: 1, text: 'x' } })).status).toBe(
      401,
    );
    expect(await reviewCount(visit.providerId)).toBe(before);
    expect((await v4('GET', `/v4/appointments/${visit.id}/feedback`, { token: owner.token })).body.review).toBeNull();
  });

  it('answers bad input with 400 and a translated message, storing nothing', async () => {
    const { token } = await signUpAndLogin();
    const visit = await appointment((await me(token)).id);
    const bodies: unknown[] = [
      {},
      { rating: 0, text: 'x' },
      { rating: 6, text: 'x' },
      { rating: 2.5, text: 'x' },
      { rating: '5', text: 'x' },
      { rating: 5, text: '  ' },
      { rating: 5 },
      { rating: 5, text: 'x'.repeat(2001) },
      { rating: 5, text: 'ok', appointmentId: visit.id },
      [],
      null,
    ];
    for (const body of bodies) {
      const reply = await v4('POST', `/v4/appointments/${visit.id}/feedback`, { token, body, language: 'sp' });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({ errorCode: 'badRequest', message: es.api.badRequest });
    }
    const malformed = await v4('POST', `/v4/appointments/${visit.id}/feedback`, {
      token,
      rawBody: '{"rating":',
      contentType: 'application/json',
    });
    expect(malformed.status).toBe(400);
    expect((await v4('GET', `/v4/appointments/${visit.id}/feedback`, { token })).body.review).toBeNull();
  });

  it('emails the feedback link once, as the office completes the visit, in the language booked in', async () => {
    const { token, email } = await signUpAndLogin({ firstName: 'Eva' });
    const user = await me(token);
    const visit = await appointment(user.id, 'confirmed', 0);
    await database.db.execute(sql`update appointments set language = 'es' where id = ${visit.id}`);
    const key = `test-office-${crypto.randomUUID()}`;
    await database.db.execute(
      sql`insert into office_api_keys (key_hash, office_id, label) values (${sha256(key)}, ${visit.officeId}, 'test')`,
    );
    const [row] = await queryRows<{ starts_at: Date }>(
      database.db,
      sql`select starts_at from appointments where id = ${visit.id}`,
    );
    const completedAt = new Date(new Date(row!.starts_at).getTime() + 600_000);
    expect(
      (await setStatusByOffice({ key, ip: '192.0.2.1' }, visit.id, { status: 'completed' }, 'en', completedAt)).status,
    ).toBe('completed');
    const subject = (m: { subject: string }) => m.subject.startsWith('¿Qué tal');
    // Queued right after the completion commits, without waiting for the job's next minute.
    await vi.waitFor(async () => expect((await feedbackMails(email)).filter(subject)).toHaveLength(1), {
      timeout: 5_000,
    });
    // The job, however often it runs beside it, asks no second time.
    await Promise.all([sendFeedbackRequests(completedAt), sendFeedbackRequests(completedAt)]);
    await sendFeedbackRequests(new Date(completedAt.getTime() + 60_000));
    const mails = (await feedbackMails(email)).filter(subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`/es/submit-feedback?appointment=${visit.id}`);
    expect(mails[0]!.text_body).toContain('Eva');
  });

  it('is sent by the job for a completed visit the completion did not mail, once however often it runs', async () => {
    const { token, email } = await signUpAndLogin({ firstName: 'Jo' });
    // Completed without the office's call (as the demo seed and an import do): only the job asks.
    const visit = await appointment((await me(token)).id, 'completed', 0);
    const runs = await Promise.all([sendFeedbackRequests(), sendFeedbackRequests()]);
    await sendFeedbackRequests();
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const mails = (await feedbackMails(email)).filter((m) =>
      m.text_body.includes(`submit-feedback?appointment=${visit.id}`),
    );
    expect(mails).toHaveLength(1);
  });

  it('asks nothing about visits already reviewed or completed long ago', async () => {
    const { token, email } = await signUpAndLogin();
    const user = await me(token);
    const reviewed = await appointment(user.id);
    expect(
      (await v4('POST', `/v4/appointments/${reviewed.id}/feedback`, { token, body: { rating: 5, text: 'Great' } }))
        .status,
    ).toBe(201);
    const old = await appointment(user.id, 'completed', 24 * 30);
    await sendFeedbackRequests();
    expect((await feedbackMails(email)).filter((m) => m.subject.startsWith('How was your visit'))).toHaveLength(0);
    const [claimed] = await queryRows<{ feedback_requested_at: Date | null }>(
      database.db,
      sql`select feedback_requested_at from appointments where id = ${reviewed.id}`,
    );
    expect(claimed!.feedback_requested_at).not.toBeNull();
    const [untouched] = await queryRows<{ feedback_requested_at: Date | null }>(
      database.db,
      sql`select feedback_requested_at from appointments where id = ${old.id}`,
    );
    expect(untouched!.feedback_requested_at).toBeNull();
  });
});

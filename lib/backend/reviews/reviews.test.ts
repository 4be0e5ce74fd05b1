import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { seedDiscovery } from '../../db/seed/discovery';
import { countRows, queryRows, useTestDatabase } from '../../testing/test-db';
import { signUpAndLogin, v4 } from '../../testing/v4';

/*
 * The patient's reviews: write one per completed appointment, list, edit, delete; the
 * provider's and office's rating and review count follow each change at once (migration 0001's
 * triggers) and the page cache hears of it (discovery_changes). Another patient's ids answer 404.
 */

const database = useTestDatabase();

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 20 });
  });
});

let slot = 0;
/**
 * An appointment of the patient in the past with the given status, inserted directly: the office
 * API's completion rules are the appointments suite's; here only the status matters. Each gets
 * its own hour, so the no-overlap constraints never meet.
 */
async function appointment(
  userId: string,
  status = 'completed',
  providerOffset = 0,
): Promise<{ id: string; providerId: number; officeId: number }> {
  const [pair] = await queryRows<{ provider_id: number; office_id: number }>(
    database.db,
    sql`select provider_id, office_id from provider_offices order by provider_id, office_id offset ${providerOffset} limit 1`,
  );
  const [reason] = await queryRows<{ id: number }>(database.db, sql`select id from visit_reasons order by id limit 1`);
  slot += 1;
  const start = new Date(Date.UTC(2025, 0, 1) + slot * 2 * 3_600_000 + Math.floor(Math.random() * 1000) * 86_400_000);
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

async function providerRating(providerId: number) {
  const [row] = await queryRows<{ rating_average: number; review_count: number }>(
    database.db,
    sql`select rating_average, review_count from providers where id = ${providerId}`,
  );
  return { average: Number(row!.rating_average), count: Number(row!.review_count) };
}

async function officeRating(officeId: number) {
  const [row] = await queryRows<{ rating_average: number; review_count: number }>(
    database.db,
    sql`select rating_average, review_count from offices where id = ${officeId}`,
  );
  return { average: Number(row!.rating_average), count: Number(row!.review_count) };
}

async function changesFor(providerId: number, after: number) {
  const rows = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from discovery_changes where provider_id = ${providerId} and id > ${after}`,
  );
  return rows[0]!.n;
}

async function lastChangeId() {
  const rows = await queryRows<{ id: number | null }>(
    database.db,
    sql`select max(id)::int as id from discovery_changes`,
  );
  return rows[0]!.id ?? 0;
}

const me = async (token: string) =>
  (await v4('GET', '/v4/patientAppUser', { token })).body[0] as { id: string; firstName: string };

describe('reviews', () => {
  it('writes a review of a completed visit once; rating and count follow writes, edits and deletes at once', async () => {
    const { token } = await signUpAndLogin({ firstName: 'Rita', lastName: 'Reviewer' });
    const user = await me(token);
    const visit = await appointment(user.id);

    const listed = await v4('GET', '/v4/reviews', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.reviews).toEqual([]);
    expect(listed.body.awaitingReview).toEqual([
      expect.objectContaining({ appointmentId: visit.id, providerId: visit.providerId, patientName: 'Rita Reviewer' }),
    ]);

    const before = await providerRating(visit.providerId);
    const officeBefore = await officeRating(visit.officeId);
    const cursor = await lastChangeId();
    const written = await v4('POST', `/v4/appointments/${visit.id}/review`, {
      token,
      body: { rating: 5, text: '  Gentle and on time.  ' },
    });
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({
      appointmentId: visit.id,
      providerId: visit.providerId,
      officeId: visit.officeId,
      rating: 5,
      text: 'Gentle and on time.',
      officeResponse: null,
    });
    expect(written.body.providerName).toMatch(/^Dr\. /);
    const after = await providerRating(visit.providerId);
    expect(after.count).toBe(before.count + 1);
    expect(after.average).toBeCloseTo((before.average * before.count + 5) / (before.count + 1), 2);
    expect((await officeRating(visit.officeId)).count).toBe(officeBefore.count + 1);
    expect(await changesFor(visit.providerId, cursor)).toBeGreaterThan(0);

    // The provider's page shows it, under "First L."
    const page = await v4('GET', `/v4/providers/${visit.providerId}`);
    expect(page.body.rating.count).toBe(after.count);
    expect(page.body.reviews[0]).toMatchObject({ id: written.body.id, patientDisplayName: 'Rita R.', rating: 5 });

    // Once per appointment.
    const again = await v4('POST', `/v4/appointments/${visit.id}/review`, {
      token,
      body: { rating: 4, text: 'Again' },
      language: 'sp',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'alreadyReviewed', message: es.api.alreadyReviewed });
    expect((await v4('GET', '/v4/reviews', { token })).body.awaitingReview).toEqual([]);

    // Edit: the average follows.
    const cursor2 = await lastChangeId();
    const edited = await v4('PUT', `/v4/reviews/${written.body.id}`, {
      token,
      body: { rating: 1, text: 'Changed my mind.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: written.body.id, rating: 1, text: 'Changed my mind.' });
    const afterEdit = await providerRating(visit.providerId);
    expect(afterEdit.count).toBe(after.count);
    expect(afterEdit.average).toBeCloseTo((before.average * before.count + 1) / (before.count + 1), 2);
    expect(await changesFor(visit.providerId, cursor2)).toBeGreaterThan(0);
    expect((await v4('GET', '/v4/reviews', { token })).body.reviews).toEqual([edited.body]);

    // Delete: back to where it was.
    const cursor3 = await lastChangeId();
    const removed = await v4('DELETE', `/v4/reviews/${written.body.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: en.reviews.deleted });
    expect(await providerRating(visit.providerId)).toEqual(before);
    expect((await officeRating(visit.officeId)).count).toBe(officeBefore.count);
    expect(await changesFor(visit.providerId, cursor3)).toBeGreaterThan(0);
    expect((await v4('DELETE', `/v4/reviews/${written.body.id}`, { token })).status).toBe(404);
    // Deleted, the visit may be reviewed again.
    expect((await v4('GET', '/v4/reviews', { token })).body.awaitingReview).toHaveLength(1);
  });

  it('refuses visits that are not completed (409) and unknown appointments (404)', async () => {
    const { token } = await signUpAndLogin();
    const user = await me(token);
    for (const status of ['scheduled', 'confirmed', 'noShow', 'canceled']) {
      const visit = await appointment(user.id, status);
      const reply = await v4('POST', `/v4/appointments/${visit.id}/review`, {
        token,
        body: { rating: 4, text: 'Fine' },
      });
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ errorCode: 'notReviewable', message: en.api.notReviewable });
    }
    for (const id of [crypto.randomUUID(), 'not-a-uuid', '..']) {
      expect(
        (await v4('POST', `/v4/appointments/${id}/review`, { token, body: { rating: 4, text: 'Fine' } })).status,
      ).toBe(404);
    }
    expect(await countRows(database.db, 'reviews')).toBeGreaterThan(0); // the seed's, untouched
  });

  it('answers bad input with 400 and stores nothing', async () => {
    const { token } = await signUpAndLogin();
    const user = await me(token);
    const visit = await appointment(user.id);
    const bodies: unknown[] = [
      {},
      { rating: 0, text: 'x' },
      { rating: 6, text: 'x' },
      { rating: 4.5, text: 'x' },
      { rating: '5', text: 'x' },
      { rating: 5, text: '   ' },
      { rating: 5 },
      { rating: 5, text: 'x'.repeat(2001) },
      { rating: 5, text: 'ok', extra: true },
      [],
      null,
    ];
    for (const body of bodies) {
      const reply = await v4('POST', `/v4/appointments/${visit.id}/review`, { token, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.errorCode).toBe('badRequest');
    }
    const malformed = await v4('POST', `/v4/appointments/${visit.id}/review`, {
      token,
      rawBody: '{"rating":',
      contentType: 'application/json',
    });
    expect(malformed.status).toBe(400);
    expect((await v4('GET', '/v4/reviews', { token })).body.reviews).toEqual([]);

    const written = await v4('POST', `/v4/appointments/${visit.id}/review`, { token, body: { rating: 3, text: 'Ok' } });
    for (const body of bodies) {
      expect((await v4('PUT', `/v4/reviews/${written.body.id}`, { token, body })).status).toBe(400);
    }
    expect((await v4('GET', '/v4/reviews', { token })).body.reviews[0]).toMatchObject({ rating: 3, text: 'Ok' });
  });

  it("answers 404 to another patient's appointment and review ids, changing nothing", async () => {
    const owner = await signUpAndLogin();
    const other = await signUpAndLogin();
    const visit = await appointment((await me(owner.token)).id);
    const foreign = await v4('POST', `/v4/appointments/${visit.id}/review`, {
      token: other.token,
      body: { rating: 1, text: 'Not mine' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe('notFound');

    const written = await v4('POST', `/v4/appointments/${visit.id}/review`, {
      token: owner.token,
      body: { rating: 4, text: 'Mine' },
    });
    expect(written.status).toBe(201);
    expect(
      (await v4('PUT', `/v4/reviews/${written.body.id}`, { token: other.token, body: { rating: 1, text: 'Hijacked' } }))
        .status,
    ).toBe(404);
    expect((await v4('DELETE', `/v4/reviews/${written.body.id}`, { token: other.token })).status).toBe(404);
    expect((await v4('GET', '/v4/reviews', { token: other.token })).body).toEqual({ reviews: [], awaitingReview: [] });
    for (const id of ['0', 'abc', '99999999999', '1.5']) {
      expect(
        (await v4('PUT', `/v4/reviews/${id}`, { token: owner.token, body: { rating: 1, text: 'x' } })).status,
      ).toBe(404);
    }
    // A seeded review (no patient) is no one's to edit.
    const [seeded] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from reviews where patient_user_id is null limit 1`,
    );
    expect((await v4('DELETE', `/v4/reviews/${seeded!.id}`, { token: owner.token })).status).toBe(404);
    expect((await v4('GET', '/v4/reviews', { token: owner.token })).body.reviews[0]).toMatchObject({
      rating: 4,
      text: 'Mine',
    });

    for (const [method, path] of [
      ['GET', '/v4/reviews'],
      ['POST', `/v4/appointments/${visit.id}/review`],
      ['PUT', `/v4/reviews/${written.body.id}`],
      ['DELETE', `/v4/reviews/${written.body.id}`],
    ] as const) {
      expect(
        (
          await v4(method, path, {
            body: method === 'GET' || method === 'DELETE' ? undefined : { rating: 1, text: 'x' },
          })
        ).status,
      ).toBe(401);
    }
  });

  it('stores one review when the same visit is reviewed twice at once', async () => {
    const { token } = await signUpAndLogin();
    const visit = await appointment((await me(token)).id);
    const replies = await Promise.all(
      [5, 4].map((rating) =>
        v4('POST', `/v4/appointments/${visit.id}/review`, { token, body: { rating, text: 'Twice' } }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from reviews where appointment_id = ${visit.id}`,
    );
    expect(row!.n).toBe(1);
  });
});

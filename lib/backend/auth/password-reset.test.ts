import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countRows, queryRows, useTestDatabase } from '../../testing/test-db';
import { login, randomIp, signUp, signUpAndLogin, uniqueEmail, v4 } from '../../testing/v4';
import { sha256 } from '../../security/password';
import { LIMITS } from '../throttle/throttle-service';
import { consumeLimit } from '../throttle/rate-limit-repository';
import { RESET_ANSWER_FLOOR_MS } from './password-reset-service';

const database = useTestDatabase();

/** The token of the newest reset link mailed to `email`, read from the outbox like /dev/mailbox does. */
async function mailedToken(email: string): Promise<{ token: string; link: string; subject: string }> {
  const [mail] = await queryRows<{ text_body: string; subject: string }>(
    database.db,
    sql`select text_body, subject from outbox_emails where to_address = ${email} order by id desc limit 1`,
  );
  const link = /https?:\/\/\S+\/reset\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '');
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return { token: link[1]!, link: link[0], subject: mail!.subject };
}

async function requestReset(email: string, language?: string, ip?: string) {
  return v4('POST', '/v4/passwordReset', { body: { email }, language, ip });
}

describe('POST /v4/passwordReset (reset email)', () => {
  it("mails a link with a 43-character token and says 'We have sent you an email to reset your password'", async () => {
    const { email } = await signUp();
    const reply = await requestReset(email);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: 'We have sent you an email to reset your password' });

    const { token, link } = await mailedToken(email);
    expect(token).toHaveLength(43);
    expect(link).toBe(`http://test.local/reset/${token}`);
  });

  it('mails a Spanish email with a /es link when asked in Spanish', async () => {
    const { email } = await signUp();
    const reply = await requestReset(email, 'sp');
    expect(reply.status).toBe(200);
    const { link, subject } = await mailedToken(email);
    expect(link).toMatch(/^http:\/\/test\.local\/es\/reset\//);
    expect(subject).toMatch(/contraseña/i);
  });

  it('finds the account whatever the case of the email', async () => {
    const { email } = await signUp();
    expect((await requestReset(email.toUpperCase())).status).toBe(200);
    await mailedToken(email);
  });

  it("answers an unknown email with 404 emailNotFound: 'Entered email doesn't exist', and mails nothing", async () => {
    const before = await countRows(database.db, 'outbox_emails');
    const reply = await requestReset(uniqueEmail('ghost'));
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: "Entered email doesn't exist", errorCode: 'emailNotFound' });
    expect(await countRows(database.db, 'outbox_emails')).toBe(before);
  });

  it('stores the token hashed: the raw token appears nowhere in the table', async () => {
    const { email } = await signUp();
    await requestReset(email);
    const { token } = await mailedToken(email);
    const rows = await queryRows<Record<string, unknown>>(database.db, sql`select * from password_reset_tokens`);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((r) => r.token_hash)).toContain(sha256(token));
  });

  it(`stops after ${LIMITS.resetEmail.points} requests for one email within the hour, with Retry-After`, async () => {
    const { email } = await signUp();
    for (let i = 0; i < LIMITS.resetEmail.points; i++) expect((await requestReset(email)).status).toBe(200);
    const blocked = await requestReset(email);
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorCode).toBe('tooManyAttempts');
    expect(blocked.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.body.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.resetEmail.durationSeconds);
    expect(blocked.headers.get('retry-after')).toBe(String(blocked.body.retryAfterSeconds));
  });

  it(`stops one address after ${LIMITS.resetIp.points} requests within the hour, known emails and unknown alike`, async () => {
    const ip = randomIp();
    const { email } = await signUp();
    const replies = await Promise.all(
      Array.from({ length: LIMITS.resetIp.points }, (_, i) =>
        requestReset(i === 0 ? email : uniqueEmail('probe'), undefined, ip),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(LIMITS.resetIp.points - 1).fill(404)]);
    for (const probe of [uniqueEmail('probe'), email]) {
      const blocked = await requestReset(probe, 'sp', ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Demasiados intentos/);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another address is not affected.
    expect((await requestReset(email)).status).toBe(200);
  });

  it('takes the same time for a known and an unknown email', async () => {
    const { email } = await signUp();
    const time = async (address: string) => {
      const started = performance.now();
      const reply = await requestReset(address);
      return { status: reply.status, ms: performance.now() - started };
    };
    const known = await time(email);
    const unknown = await time(uniqueEmail('ghost'));
    expect([known.status, unknown.status]).toEqual([200, 404]);
    // Both wait for the same floor, well above what either path needs on its own.
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    expect(known.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(RESET_ANSWER_FLOOR_MS / 2);
  });
});

describe('GET /v4/passwordReset/{token}', () => {
  it('confirms a fresh token and names its account', async () => {
    const { email } = await signUp();
    await requestReset(email);
    const { token } = await mailedToken(email);
    const reply = await v4('GET', `/v4/passwordReset/${token}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ valid: true, email });
  });

  it.each([
    ['an unknown', 'A'.repeat(43), 'resetTokenInvalid'],
    ['a too short', 'abc', 'resetTokenInvalid'],
    ['an oddly shaped', '..%2F..%2Fetc', 'resetTokenInvalid'],
    ['a badly escaped', '%E0%A4%A', 'notFound'],
  ])('answers %s token (%s) with 404 %s', async (_label, token, errorCode) => {
    const reply = await v4('GET', `/v4/passwordReset/${token}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ errorCode, message: expect.any(String) });
  });
});

describe('PUT /v4/passwordReset/{token} (set a new password)', () => {
  it('sets the password once: login works with it, the token is spent', async () => {
    const { email, password } = await signUp();
    await requestReset(email);
    const { token } = await mailedToken(email);

    const reply = await v4('PUT', `/v4/passwordReset/${token}`, { body: { new: 'Renewed123' } });
    expect(reply.status).toBe(200);
    expect(typeof reply.body.message).toBe('string');
    expect((await login(email, 'Renewed123')).status).toBe(200);
    expect((await login(email, password)).status).toBe(401);

    const again = await v4('PUT', `/v4/passwordReset/${token}`, { body: { new: 'Another123' } });
    expect(again.status).toBe(404);
    expect(again.body.errorCode).toBe('resetTokenInvalid');
    expect((await v4('GET', `/v4/passwordReset/${token}`)).status).toBe(404);
    expect((await login(email, 'Renewed123')).status).toBe(200);
  });

  it("forgives the untrusted clients' failures on the account: the owner on a new device gets in after an attacker's block", async () => {
    const { email } = await signUp();
    // An attacker has used up the account's budget for untrusted clients (a day's block).
    for (let i = 0; i < LIMITS.loginUntrustedBlock.points; i++) await consumeLimit(LIMITS.loginUntrustedBlock, email);
    const blocked = await login(email, 'Guess1234');
    expect(blocked.status).toBe(429);

    await requestReset(email);
    const { token } = await mailedToken(email);
    expect((await v4('PUT', `/v4/passwordReset/${token}`, { body: { new: 'Renewed123' } })).status).toBe(200);
    expect((await login(email, 'Renewed123')).status).toBe(200);
  });

  it('refuses an expired token and leaves the password alone', async () => {
    const { email, password } = await signUp();
    await requestReset(email);
    const { token } = await mailedToken(email);
    await database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 minute' where token_hash = ${sha256(token)}`,
    );
    expect((await v4('GET', `/v4/passwordReset/${token}`)).status).toBe(404);
    const reply = await v4('PUT', `/v4/passwordReset/${token}`, { body: { new: 'Renewed123' } });
    expect(reply.status).toBe(404);
    expect(reply.body.errorCode).toBe('resetTokenInvalid');
    expect((await login(email, password)).status).toBe(200);
  });

  it('revokes every existing session of the account', async () => {
    const { email, token: session } = await signUpAndLogin();
    expect((await v4('GET', '/v4/patientAppUser', { token: session })).status).toBe(200);
    await requestReset(email);
    const { token } = await mailedToken(email);
    expect((await v4('PUT', `/v4/passwordReset/${token}`, { body: { new: 'Renewed123' } })).status).toBe(200);
    expect((await v4('GET', '/v4/patientAppUser', { token: session })).status).toBe(401);
  });

  it('spends the other open links of the account too', async () => {
    const { email } = await signUp();
    await requestReset(email);
    const first = (await mailedToken(email)).token;
    await requestReset(email);
    const second = (await mailedToken(email)).token;
    expect(second).not.toBe(first);
    expect((await v4('PUT', `/v4/passwordReset/${second}`, { body: { new: 'Renewed123' } })).status).toBe(200);
    expect((await v4('PUT', `/v4/passwordReset/${first}`, { body: { new: 'Other1234' } })).status).toBe(404);
  });

  it("refuses a weak password and keeps the token usable: 'Password is too weak.'", async () => {
    const { email } = await signUp();
    await requestReset(email);
    const { token } = await mailedToken(email);
    const reply = await v4('PUT', `/v4/passwordReset/${token}`, { body: { new: 'weak' } });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual([{ path: 'new', message: 'Password is too weak.' }]);
    expect((await v4('GET', `/v4/passwordReset/${token}`)).status).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link succeed', async () => {
    const { email } = await signUp();
    await requestReset(email);
    const { token } = await mailedToken(email);
    const replies = await Promise.all(
      ['Racer1234', 'Racer5678'].map((p) => v4('PUT', `/v4/passwordReset/${token}`, { body: { new: p } })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 404]);
  });
});

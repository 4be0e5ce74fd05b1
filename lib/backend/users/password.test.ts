import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { login, randomIp, signUpAndLogin, v4 } from '../../testing/v4';
import { consumeLimit } from '../throttle/rate-limit-repository';
import { LIMITS } from '../throttle/throttle-service';

const database = useTestDatabase();

async function passwordHashOf(email: string): Promise<string> {
  const [row] = await queryRows<{ password_hash: string }>(
    database.db,
    sql`select password_hash from patient_app_users where email = ${email}`,
  );
  return row!.password_hash;
}

describe('PUT /v4/password (change password)', () => {
  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const { email, password, token } = await signUpAndLogin();
    const reply = await v4('PUT', '/v4/password', { token, body: { current: password, new: 'Changed123' } });
    expect(reply.status).toBe(200);
    expect(typeof reply.body.message).toBe('string');

    expect((await login(email, 'Changed123')).status).toBe(200);
    expect((await login(email, password)).status).toBe(401);
  });

  it("ends the user's other sessions and keeps the one that changed the password", async () => {
    const { email, password, token } = await signUpAndLogin();
    const other = (await login(email, password)).body.token as string;
    expect((await v4('PUT', '/v4/password', { token, body: { current: password, new: 'Changed123' } })).status).toBe(
      200,
    );
    expect((await v4('GET', '/v4/patientAppUser', { token })).status).toBe(200);
    expect((await v4('GET', '/v4/patientAppUser', { token: other })).status).toBe(401);
  });

  it("refuses a wrong current password with 412 invalidCurrentPassword: 'Invalid current password'", async () => {
    const { email, token } = await signUpAndLogin();
    const before = await passwordHashOf(email);
    const reply = await v4('PUT', '/v4/password', { token, body: { current: 'NotMine123', new: 'Changed123' } });
    expect(reply.status).toBe(412);
    expect(reply.body).toEqual({ message: 'Invalid current password', errorCode: 'invalidCurrentPassword' });
    expect(await passwordHashOf(email)).toBe(before);
  });

  it("refuses a weak new password: 'Password is too weak.'", async () => {
    const { email, password, token } = await signUpAndLogin();
    const before = await passwordHashOf(email);
    const reply = await v4('PUT', '/v4/password', { token, body: { current: password, new: 'weakpass' } });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual([{ path: 'new', message: 'Password is too weak.' }]);
    expect(await passwordHashOf(email)).toBe(before);
  });

  it('refuses the current password as the new one with 400 and a clear message on the new field, in both languages', async () => {
    const { email, password, token } = await signUpAndLogin();
    const before = await passwordHashOf(email);
    const reply = await v4('PUT', '/v4/password', { token, body: { current: password, new: password } });
    expect(reply.status).toBe(400);
    expect(reply.body.errorCode).toBe('badRequest');
    expect(reply.body.fields).toEqual([
      { path: 'new', message: 'Choose a new password that is different from your current one.' },
    ]);
    const spanish = await v4('PUT', '/v4/password', {
      token,
      body: { current: password, new: password },
      language: 'sp',
    });
    expect(spanish.body.fields).toEqual([
      { path: 'new', message: 'Elija una contraseña nueva distinta de la actual.' },
    ]);
    expect(await passwordHashOf(email)).toBe(before);
    expect((await login(email, password)).status).toBe(200);
  });

  it('stores a salted scrypt hash, never the password', async () => {
    const { email, password, token } = await signUpAndLogin();
    await v4('PUT', '/v4/password', { token, body: { current: password, new: 'Changed123' } });
    const hash = await passwordHashOf(email);
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain('Changed123');
  });

  it('answers 401 without a token', async () => {
    const reply = await v4('PUT', '/v4/password', { body: { current: 'Secret123', new: 'Changed123' } });
    expect(reply.status).toBe(401);
    expect(reply.body.errorCode).toBe('notAuthorized');
  });
});

describe('PUT /v4/password throttling (like login)', () => {
  const perAccount = LIMITS.passwordAccount.points;

  it(`refuses attempt ${perAccount + 1} on one account with 429 and Retry-After, even with the right current password`, async () => {
    const { email, password, token } = await signUpAndLogin();
    const before = await passwordHashOf(email);
    // From a different address each time: the account's limit holds however they are spread.
    for (let i = 0; i < perAccount; i++) {
      const reply = await v4('PUT', '/v4/password', { token, body: { current: `NotMine${i}23`, new: 'Changed123' } });
      expect(reply.status).toBe(412);
    }
    for (const current of ['NotMine999', password]) {
      const blocked = await v4('PUT', '/v4/password', { token, body: { current, new: 'Changed123' }, language: 'sp' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.errorCode).toBe('tooManyAttempts');
      expect(blocked.body.message).toMatch(/^Demasiados intentos/);
      expect(blocked.body.retryAfterSeconds).toBeGreaterThan(0);
      expect(blocked.body.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.passwordAccount.durationSeconds);
      expect(blocked.headers.get('retry-after')).toBe(String(blocked.body.retryAfterSeconds));
    }
    expect(await passwordHashOf(email)).toBe(before);

    // Once the window has passed, the right current password works again.
    await database.db.execute(
      sql`update rate_limits set expire = expire - ${16 * 60_000} where key like 'password-account:%'`,
    );
    expect((await v4('PUT', '/v4/password', { token, body: { current: password, new: 'Changed123' } })).status).toBe(
      200,
    );
  });

  it(`limits one address to ${LIMITS.passwordIp.points} wrong current passwords across accounts`, async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMITS.passwordIp.points; i++) await consumeLimit(LIMITS.passwordIp, ip);
    const { password, token } = await signUpAndLogin();
    const blocked = await v4('PUT', '/v4/password', { token, ip, body: { current: password, new: 'Changed123' } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await v4('PUT', '/v4/password', { token, body: { current: password, new: 'Changed123' } })).status).toBe(
      200,
    );
  });
});

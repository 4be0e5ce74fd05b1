import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { DEMO_PATIENT, login, randomIp, signUp, signUpAndLogin, uniqueEmail, v4 } from '../../testing/v4';
import { THROTTLE } from '../services/throttle-service';

const database = useTestDatabase();

const WRONG_CREDENTIALS = { message: 'Invalid email id or password', errorCode: 'wrongCredentials' };

/** Moves a user's login attempts into the past, as if that much time had gone by. */
async function ageAttempts(where: { email?: string; ip?: string }, minutes: number) {
  const condition = where.email ? sql`email = ${where.email}` : sql`ip = ${where.ip}`;
  await database.db.execute(
    sql`update login_attempts set created_at = created_at - make_interval(mins => ${minutes}) where ${condition}`,
  );
}

/** Runs `count` failed logins with at most four in flight (scrypt dominates the time). */
async function failLogins(count: number, attempt: (i: number) => Promise<{ status: number }>) {
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, (_, k) => attempt(start + k));
    for (const reply of await Promise.all(batch)) expect(reply.status).toBe(401);
  }
}

describe('PUT /v4/session (login)', () => {
  it('logs the seeded demo patient in and returns a token with the session user', async () => {
    const reply = await login(DEMO_PATIENT.email, DEMO_PATIENT.password);
    expect(reply.status).toBe(200);
    expect(reply.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.body.session.user).toMatchObject({ email: DEMO_PATIENT.email, firstName: 'Dana' });
    expect(reply.body.session.idleTimeoutSeconds).toBe(30 * 60);
    expect(reply.body.session.user).not.toHaveProperty('passwordHash');
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const reply = await login(`  ${DEMO_PATIENT.email.toUpperCase()} `, DEMO_PATIENT.password);
    expect(reply.status).toBe(200);
  });

  it("answers a wrong password with 401 wrongCredentials and the spec's text", async () => {
    const { email } = await signUp();
    const reply = await login(email, 'Wrong1234');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(WRONG_CREDENTIALS);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const reply = await login(uniqueEmail('nobody'), 'Whatever1');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(WRONG_CREDENTIALS);
  });

  it('answers in Spanish with the header Language: sp', async () => {
    const reply = await login(uniqueEmail('nobody'), 'Whatever1', { language: 'sp' });
    expect(reply.status).toBe(401);
    expect(reply.body.errorCode).toBe('wrongCredentials');
    expect(reply.body.message).not.toBe(WRONG_CREDENTIALS.message);
    expect(reply.body.message).toMatch(/contraseña/i);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await signUpAndLogin();
    const rows = await queryRows<{ token_hash: string }>(database.db, sql`select token_hash from sessions`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('gives every login its own token', async () => {
    const { email, password, token } = await signUpAndLogin();
    const second = await login(email, password);
    expect(second.body.token).not.toBe(token);
  });
});

describe('login throttling', () => {
  const perEmail = THROTTLE.login.perEmail;
  const perIp = THROTTLE.login.perIp;
  const windowMinutes = THROTTLE.login.windowMs / 60_000;

  /**
   * Failed attempts written straight to the table, as the API writes them: each real attempt
   * costs an scrypt hash, and the tests below would otherwise spend most of their time hashing.
   */
  async function pastFailures(count: number, who: { email?: string; ip?: string }) {
    for (let i = 0; i < count; i++) {
      await database.db.execute(
        sql`insert into login_attempts (kind, email, ip, succeeded)
            values ('login', ${who.email ?? uniqueEmail('guess')}, ${who.ip ?? randomIp()}, false)`,
      );
    }
  }

  it(`refuses attempt ${perEmail + 1} on one account with 429, even with the right password, until the window ends`, async () => {
    const { email, password } = await signUp();
    // Real attempts from different addresses: the account's limit holds however they are spread.
    await failLogins(perEmail, () => login(email, 'Wrong1234'));

    const blocked = await login(email, 'Wrong1234');
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorCode).toBe('tooManyAttempts');
    expect(blocked.body.message).toBe(`Too many attempts. Please wait ${windowMinutes} minutes and try again.`);
    expect(blocked.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.body.retryAfterSeconds).toBeLessThanOrEqual(windowMinutes * 60);
    expect(blocked.headers.get('retry-after')).toBe(String(blocked.body.retryAfterSeconds));

    const rightPassword = await login(email, password);
    expect(rightPassword.status).toBe(429);

    // No permanent lockout: once the window has passed, the owner gets in.
    await ageAttempts({ email }, windowMinutes + 1);
    expect((await login(email, password)).status).toBe(200);
  });

  it('counts the email case-insensitively', async () => {
    const { email, password } = await signUp();
    await pastFailures(perEmail - 1, { email });
    await failLogins(1, () => login(email.toUpperCase(), 'Wrong1234'));
    expect((await login(email.toUpperCase(), password)).status).toBe(429);
    expect((await login(email, password)).status).toBe(429);
  });

  it('frees the account as the oldest failures leave the window', async () => {
    const { email, password } = await signUp();
    await pastFailures(perEmail, { email });
    expect((await login(email, password)).status).toBe(429);
    await ageAttempts({ email }, windowMinutes - 1);
    expect((await login(email, password)).status).toBe(429);
    await ageAttempts({ email }, 2);
    expect((await login(email, password)).status).toBe(200);
  });

  it('tells the remaining time in Spanish too', async () => {
    const { email } = await signUp();
    await pastFailures(perEmail, { email });
    const blocked = await login(email, 'Wrong1234', { language: 'sp' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(`Demasiados intentos. Espere ${windowMinutes} minutos e inténtelo de nuevo.`);
  });

  it('a successful login clears the failures of that account', async () => {
    const { email, password } = await signUp();
    await pastFailures(perEmail - 1, { email });
    expect((await login(email, password)).status).toBe(200);
    await pastFailures(perEmail - 1, { email });
    expect((await login(email, password)).status).toBe(200);
  });

  it(`limits one address to ${perIp} failures across many accounts`, async () => {
    const ip = randomIp();
    await pastFailures(perIp - 1, { ip });
    await failLogins(1, () => login(uniqueEmail('guess'), 'Wrong1234', { ip }));

    const victim = await signUp();
    const blocked = await login(victim.email, victim.password, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorCode).toBe('tooManyAttempts');
    // Another address is not affected, and the victim's account is not locked.
    expect((await login(victim.email, victim.password, { ip: randomIp() })).status).toBe(200);

    await ageAttempts({ ip }, windowMinutes + 1);
    expect((await login(victim.email, victim.password, { ip })).status).toBe(200);
  });

  it("a success on the attacker's own account does not reset the address's count", async () => {
    const ip = randomIp();
    const attacker = await signUp();
    await pastFailures(perIp - 1, { ip });
    expect((await login(attacker.email, attacker.password, { ip })).status).toBe(200);
    await failLogins(1, () => login(uniqueEmail('guess'), 'Wrong1234', { ip }));
    expect((await login(uniqueEmail('guess'), 'Wrong1234', { ip })).status).toBe(429);
  });
});

describe('DELETE /v4/session (logout)', () => {
  it('revokes the token: it answers 401 afterwards', async () => {
    const { token } = await signUpAndLogin();
    expect((await v4('GET', '/v4/patientAppUser', { token })).status).toBe(200);

    const reply = await v4('DELETE', '/v4/session', { token });
    expect(reply.status).toBe(200);
    expect(typeof reply.body.message).toBe('string');

    const after = await v4('GET', '/v4/patientAppUser', { token });
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe('notAuthorized');
    expect((await v4('DELETE', '/v4/session', { token })).status).toBe(401);
  });

  it('revokes only that session, not the same user on another device', async () => {
    const { email, password, token } = await signUpAndLogin();
    const other = (await login(email, password)).body.token as string;
    await v4('DELETE', '/v4/session', { token });
    expect((await v4('GET', '/v4/patientAppUser', { token: other })).status).toBe(200);
  });

  it.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['a made-up token', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['an absurdly long token', 'x'.repeat(10_000)],
  ])('answers %s with 401 notAuthorized', async (_label, token) => {
    const reply = await v4('DELETE', '/v4/session', { token });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ errorCode: 'notAuthorized' });
    expect(typeof reply.body.message).toBe('string');
  });
});

describe('idle sessions', () => {
  async function idleFor(token: string, minutes: number) {
    const { sha256 } = await import('../../security/password');
    await database.db.execute(
      sql`update sessions set last_used_at = now() - make_interval(mins => ${minutes}) where token_hash = ${sha256(token)}`,
    );
  }

  it("expire after 30 minutes idle with the spec's 'Your Session has been expired'", async () => {
    const { token } = await signUpAndLogin();
    await idleFor(token, 31);
    const reply = await v4('GET', '/v4/patientAppUser', { token });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Your Session has been expired', errorCode: 'sessionExpired' });
    // The expired session is revoked, not revived by a later request.
    expect((await v4('GET', '/v4/patientAppUser', { token })).status).toBe(401);
  });

  it('stay alive while used: a request after 29 minutes succeeds and restarts the clock', async () => {
    const { token } = await signUpAndLogin();
    await idleFor(token, 29);
    expect((await v4('GET', '/v4/patientAppUser', { token })).status).toBe(200);
    const { sha256 } = await import('../../security/password');
    const [row] = await queryRows<{ fresh: boolean }>(
      database.db,
      sql`select last_used_at > now() - interval '1 minute' as fresh from sessions where token_hash = ${sha256(token)}`,
    );
    expect(row?.fresh).toBe(true);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, setDbForTesting } from '../../db/client';
import { queryRows, testServerUrl, useTestDatabase } from '../../testing/test-db';
import {
  DEMO_PATIENT,
  login,
  randomIp,
  signUp,
  signUpAndLogin,
  uniqueEmail,
  v4,
  type V4Options,
} from '../../testing/v4';
import { consumeLimit, storedKey, type LimitRule } from '../throttle/rate-limit-repository';
import { issueDeviceToken } from '../../security/device-token';
import { LIMITS } from '../throttle/throttle-service';

const database = useTestDatabase();

const WRONG_CREDENTIALS = { message: 'Invalid email id or password', errorCode: 'wrongCredentials' };

/** Moves rate-limit windows and blocks (of one rule, or all) `minutes` into the past, as if that much time had gone by. */
async function ageLimits(minutes: number, rule?: LimitRule) {
  const ms = minutes * 60_000;
  await database.db.execute(
    rule
      ? sql`update rate_limits set expire = expire - ${ms} where key like ${`${rule.name}:%`}`
      : sql`update rate_limits set expire = expire - ${ms}`,
  );
}

/**
 * Failures counted straight through the limiter the API uses: each real attempt costs an
 * scrypt hash, and the tests below would otherwise spend most of their time hashing.
 */
async function pastFailures(rule: LimitRule, key: string, count: number) {
  for (let i = 0; i < count; i++) await consumeLimit(rule, key);
}

function loginWithDevice(email: string, password: string, deviceToken: string | undefined, options: V4Options = {}) {
  return v4('PUT', '/v4/session', { ...options, body: { email, password, ...(deviceToken ? { deviceToken } : {}) } });
}

/** A patient who has logged in once from "their own device" and kept its device token. */
async function ownerWithDevice() {
  const account = await signUp();
  const reply = await login(account.email, account.password);
  expect(reply.status).toBe(200);
  return { ...account, deviceToken: String(reply.body.deviceToken) };
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

describe('login throttling (OWASP device cookies, rate-limiter-flexible on PostgreSQL)', () => {
  const slow = LIMITS.loginUntrustedSlow;
  const day = LIMITS.loginUntrustedBlock;
  const device = LIMITS.loginDevice;
  const perIp = LIMITS.loginIp.points;
  const windowMinutes = slow.durationSeconds / 60;

  it('answers a successful login with a device token bound to the account', async () => {
    const { email, password } = await signUp();
    const reply = await login(email, password);
    expect(reply.status).toBe(200);
    expect(reply.body.deviceToken).toMatch(/^d1\.[A-Za-z0-9_-]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(reply.body.deviceToken).not.toContain(email);
  });

  it(`slows an untrusted client after ${slow.points} failures on one account: 429 with Retry-After, even with the right password`, async () => {
    const { email, password } = await signUp();
    // Real attempts from different addresses: the account's untrusted budget holds however they are spread.
    await failLogins(slow.points, () => login(email, 'Wrong1234'));

    const blocked = await login(email, 'Wrong1234');
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorCode).toBe('tooManyAttempts');
    expect(blocked.body.message).toBe(`Too many attempts. Please wait ${windowMinutes} minutes and try again.`);
    expect(blocked.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.body.retryAfterSeconds).toBeLessThanOrEqual(windowMinutes * 60);
    expect(blocked.headers.get('retry-after')).toBe(String(blocked.body.retryAfterSeconds));
    expect((await login(email, password)).status).toBe(429);

    // No permanent lockout: once the window has passed, the owner gets in from anywhere.
    await ageLimits(windowMinutes + 1, slow);
    expect((await login(email, password)).status).toBe(200);
  });

  it("lets the owner in from a device they logged in from before while an attacker has burned the account's untrusted budget", async () => {
    const owner = await ownerWithDevice();
    await failLogins(slow.points, () => login(owner.email, 'Wrong1234'));
    const attacker = await login(owner.email, 'Guess5678');
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get('retry-after'))).toBeGreaterThan(0);

    const fromOwnDevice = await loginWithDevice(owner.email, owner.password, owner.deviceToken);
    expect(fromOwnDevice.status).toBe(200);
    expect(typeof fromOwnDevice.body.token).toBe('string');
    // A device the owner never logged in from is an untrusted client like the attacker.
    expect((await login(owner.email, owner.password)).status).toBe(429);
    // Even from the attacker's own address: a device token is counted on its own budget.
    const ip = randomIp();
    await pastFailures(LIMITS.loginIp, ip, perIp);
    expect((await loginWithDevice(owner.email, owner.password, owner.deviceToken, { ip })).status).toBe(200);
  });

  it('does not count a device token that is forged, altered or issued for another account', async () => {
    const owner = await ownerWithDevice();
    const other = await ownerWithDevice();
    await pastFailures(slow, owner.email, slow.points);
    const [version, email, issued, nonce, mac] = owner.deviceToken.split('.') as [
      string,
      string,
      string,
      string,
      string,
    ];
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      other.deviceToken, // stolen from (or legitimately held for) another account
      [version, email, issued, flip(nonce), mac].join('.'), // a nonce of the attacker's choosing
      [version, Buffer.from(other.email).toString('base64url'), issued, nonce, mac].join('.'), // rebound to another email
      [version, email, issued, nonce, flip(mac)].join('.'), // forged signature
      issueDeviceToken(owner.email, Date.now() - 366 * 24 * 3600 * 1000), // genuine but expired (a year)
      'not-a-device-token',
    ];
    for (const deviceToken of refused) {
      const reply = await loginWithDevice(owner.email, owner.password, deviceToken);
      expect(reply.status, deviceToken).toBe(429);
      expect(reply.headers.get('retry-after')).toBe(String(reply.body.retryAfterSeconds));
    }
    // The genuine token still works, and the other account's own token works for its owner.
    expect((await loginWithDevice(owner.email, owner.password, owner.deviceToken)).status).toBe(200);
    expect((await loginWithDevice(other.email, other.password, other.deviceToken)).status).toBe(200);
  });

  it(`blocks a device token itself for an hour after ${device.points} failures, without touching the untrusted budget`, async () => {
    const owner = await ownerWithDevice();
    const nonce = owner.deviceToken.split('.')[3]!;
    await pastFailures(device, nonce, device.points - 1);
    const last = await loginWithDevice(owner.email, 'Wrong1234', owner.deviceToken);
    expect(last.status).toBe(401);

    const blocked = await loginWithDevice(owner.email, owner.password, owner.deviceToken);
    expect(blocked.status).toBe(429);
    expect(blocked.body.retryAfterSeconds).toBeGreaterThan(device.durationSeconds);
    expect(blocked.body.retryAfterSeconds).toBeLessThanOrEqual(device.blockSeconds);
    // The device's failures were its own: the account is not slowed for anyone else.
    expect((await login(owner.email, owner.password)).status).toBe(200);
  });

  it(`blocks untrusted clients for a day after ${day.points} failures in a day, however slowly they come`, async () => {
    const owner = await ownerWithDevice();
    await pastFailures(day, owner.email, day.points - 1);
    await failLogins(1, () => login(owner.email, 'Wrong1234'));
    // The short window has passed, the day's block has not.
    await ageLimits(windowMinutes + 1, slow);
    const blocked = await login(owner.email, owner.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.retryAfterSeconds).toBeGreaterThan(day.blockSeconds - 120);
    expect(blocked.headers.get('retry-after')).toBe(String(blocked.body.retryAfterSeconds));
    expect(blocked.body.message).toBe('Too many attempts. Please wait 24 hours and try again.');
    const spanish = await login(owner.email, owner.password, { language: 'sp' });
    expect(spanish.body.message).toBe('Demasiados intentos. Espere 24 horas e inténtelo de nuevo.');
    // The owner's device is not blocked.
    expect((await loginWithDevice(owner.email, owner.password, owner.deviceToken)).status).toBe(200);
  });

  it('counts the email case-insensitively', async () => {
    const { email, password } = await signUp();
    await pastFailures(slow, email, slow.points - 1);
    await failLogins(1, () => login(email.toUpperCase(), 'Wrong1234'));
    expect((await login(email.toUpperCase(), password)).status).toBe(429);
    expect((await login(email, password)).status).toBe(429);
  });

  it('tells the remaining time in Spanish too', async () => {
    const { email } = await signUp();
    await pastFailures(slow, email, slow.points);
    const blocked = await login(email, 'Wrong1234', { language: 'sp' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(`Demasiados intentos. Espere ${windowMinutes} minutos e inténtelo de nuevo.`);
  });

  it('a successful login clears the failures of that account', async () => {
    const { email, password } = await signUp();
    await pastFailures(slow, email, slow.points - 1);
    expect((await login(email, password)).status).toBe(200);
    await pastFailures(slow, email, slow.points - 1);
    expect((await login(email, password)).status).toBe(200);
  });

  it(`limits one address to ${perIp} failures across many accounts`, async () => {
    const ip = randomIp();
    await pastFailures(LIMITS.loginIp, ip, perIp - 1);
    await failLogins(1, () => login(uniqueEmail('guess'), 'Wrong1234', { ip }));

    const victim = await signUp();
    const blocked = await login(victim.email, victim.password, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorCode).toBe('tooManyAttempts');
    expect(blocked.headers.get('retry-after')).toBe(String(blocked.body.retryAfterSeconds));
    // Another address is not affected, and the victim's account is not locked.
    expect((await login(victim.email, victim.password, { ip: randomIp() })).status).toBe(200);

    await ageLimits(windowMinutes + 1, LIMITS.loginIp);
    expect((await login(victim.email, victim.password, { ip })).status).toBe(200);
  });

  it("a success on the attacker's own account does not reset the address's count", async () => {
    const ip = randomIp();
    const attacker = await signUp();
    await pastFailures(LIMITS.loginIp, ip, perIp - 1);
    expect((await login(attacker.email, attacker.password, { ip })).status).toBe(200);
    await failLogins(1, () => login(uniqueEmail('guess'), 'Wrong1234', { ip }));
    expect((await login(uniqueEmail('guess'), 'Wrong1234', { ip })).status).toBe(429);
  });

  // Each server process has its own pool and its own limiter objects; only the table is shared.
  it.skipIf(!testServerUrl())('shares one budget between server processes on PostgreSQL', async () => {
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
    const own = { db: database.db, close: async () => undefined };
    const otherProcess = await openDatabase({ databaseUrl: url, seed: false });
    const { email, password } = await signUp();
    try {
      await failLogins(3, () => login(email, 'Wrong1234'));
      setDbForTesting(otherProcess);
      await failLogins(slow.points - 3, () => login(email, 'Wrong1234'));
      expect((await login(email, password)).status).toBe(429);
      setDbForTesting(own);
      expect((await login(email, password)).status).toBe(429);
    } finally {
      setDbForTesting(own);
      await otherProcess.close();
    }
  });

  it('keeps the counters in the database, keyed by hashes: no email or address in clear', async () => {
    const ip = randomIp();
    const email = uniqueEmail('guess');
    await failLogins(1, () => login(email, 'Wrong1234', { ip }));
    const rows = await queryRows<{ key: string; points: number }>(
      database.db,
      sql`select key, points from rate_limits where key in (${storedKey(slow, email)}, ${storedKey(LIMITS.loginIp, ip)})`,
    );
    expect(rows.map((r) => Number(r.points))).toEqual([1, 1]);
    const all = JSON.stringify(await queryRows(database.db, sql`select key from rate_limits`));
    expect(all).not.toContain(email);
    expect(all).not.toContain(ip);
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

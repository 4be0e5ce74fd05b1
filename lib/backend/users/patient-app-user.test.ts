import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import es from '../../../messages/es.json';
import * as password from '../../security/password';
import { countRows, queryRows, useTestDatabase } from '../../testing/test-db';
import { login, profileBody, randomIp, signUp, signUpAndLogin, signUpBody, uniqueEmail, v4 } from '../../testing/v4';
import { signUpRule } from '../throttle/throttle-service';

const database = useTestDatabase();

/** YYYY-MM-DD in the server's calendar, `years` back from `today` moved by `days`. */
function birthDate(years: number, days = 0): string {
  const now = new Date();
  const shifted = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const y = shifted.getFullYear() - years;
  const m = String(shifted.getMonth() + 1).padStart(2, '0');
  const d = String(shifted.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Posts a sign-up that must be refused, and checks that no user row was written. */
async function refusedSignUp(body: Record<string, unknown>, language?: string) {
  const before = await countRows(database.db, 'patient_app_users');
  const reply = await v4('POST', '/v4/patientAppUser', { body, language });
  expect(await countRows(database.db, 'patient_app_users')).toBe(before);
  return reply;
}

describe('POST /v4/patientAppUser (sign-up)', () => {
  it('creates the patient: 201 with the user, never the password', async () => {
    const body = signUpBody();
    const reply = await v4('POST', '/v4/patientAppUser', { body });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      email: body.email,
      firstName: 'Ana',
      lastName: 'Tester',
      phoneCountry: 'US',
      phoneNumber: '2125550123',
      gender: 'female',
      dateOfBirth: '1990-05-17',
      suite: 'Apt 2',
      country: 'US',
      profileImage: null,
    });
    expect(reply.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(reply.body)).not.toContain(String(body.password));
    expect((await login(String(body.email), String(body.password))).status).toBe(200);
  });

  it('stores the email lower-cased and trims text fields', async () => {
    const email = uniqueEmail('Mixed.Case').toUpperCase();
    const reply = await v4('POST', '/v4/patientAppUser', {
      body: signUpBody({ email, firstName: '  Ana  ', suite: '   ' }),
    });
    expect(reply.status).toBe(201);
    expect(reply.body.email).toBe(email.toLowerCase());
    expect(reply.body.firstName).toBe('Ana');
    expect(reply.body.suite).toBeNull();
  });

  it('accepts a phone number typed with spaces, dots and dashes', async () => {
    const reply = await v4('POST', '/v4/patientAppUser', { body: signUpBody({ phoneNumber: '(212) 555-0123' }) });
    expect(reply.status).toBe(201);
    expect(reply.body.phoneNumber).toBe('2125550123');
  });

  it('sends a welcome email through the outbox', async () => {
    const body = signUpBody();
    await v4('POST', '/v4/patientAppUser', { body });
    const mails = await queryRows<{ subject: string }>(
      database.db,
      sql`select subject from outbox_emails where to_address = ${body.email}`,
    );
    expect(mails).toHaveLength(1);
  });

  it("refuses a taken email with 412 emailTaken: 'This email is already taken'", async () => {
    const { email } = await signUp();
    const reply = await refusedSignUp(signUpBody({ email }));
    expect(reply.status).toBe(412);
    expect(reply.body).toEqual({ message: 'This email is already taken', errorCode: 'emailTaken' });
  });

  it('compares emails case-insensitively', async () => {
    const { email } = await signUp();
    const reply = await refusedSignUp(signUpBody({ email: email.toUpperCase() }));
    expect(reply.status).toBe(412);
    expect(reply.body.errorCode).toBe('emailTaken');
  });

  it('lets only one of two simultaneous sign-ups with one email through', async () => {
    const email = uniqueEmail('race');
    const replies = await Promise.all(
      [1, 2, 3].map(() => v4('POST', '/v4/patientAppUser', { body: signUpBody({ email }) })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 412, 412]);
  });

  it('accepts a patient who turns 16 today', async () => {
    const reply = await v4('POST', '/v4/patientAppUser', { body: signUpBody({ dateOfBirth: birthDate(16) }) });
    expect(reply.status).toBe(201);
  });

  it("refuses a patient one day short of 16: 'User must be 16 years or older'", async () => {
    const reply = await refusedSignUp(signUpBody({ dateOfBirth: birthDate(16, 1) }));
    expect(reply.status).toBe(400);
    expect(reply.body.errorCode).toBe('badRequest');
    expect(reply.body.fields).toEqual([{ path: 'dateOfBirth', message: 'User must be 16 years or older' }]);
  });

  it("gives an empty date of birth the one message 'This field is required'", async () => {
    const reply = await refusedSignUp(signUpBody({ dateOfBirth: '', phoneNumber: '', password: '' }));
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual([
      { path: 'phoneNumber', message: 'This field is required' },
      { path: 'dateOfBirth', message: 'This field is required' },
      { path: 'password', message: 'This field is required' },
    ]);
  });

  it.each([
    ['not a date', 'yesterday'],
    ['an impossible day', '2001-02-30'],
    ['the future', birthDate(-1)],
    ['another format', '17/05/1990'],
  ])("refuses a date of birth that is %s: 'Please enter a valid DOB'", async (_label, dateOfBirth) => {
    const reply = await refusedSignUp(signUpBody({ dateOfBirth }));
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual([{ path: 'dateOfBirth', message: 'Please enter a valid DOB' }]);
  });

  it.each(['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere'])(
    "refuses the weak password %s: 'Password is too weak.'",
    async (password) => {
      const reply = await refusedSignUp(signUpBody({ password }));
      expect(reply.status).toBe(400);
      expect(reply.body.fields).toEqual([{ path: 'password', message: 'Password is too weak.' }]);
    },
  );

  it.each([
    ['AU', '4123456789', '2000'],
    ['US', '21255501234', '10001'],
    ['CA', '41655501234', 'M5V 2T6'],
    ['GB', '20794601234', 'SW1A 1AA'],
    ['IN', '98765432100', '110001'],
  ])(
    "refuses a phone number too long for %s: 'Please enter a valid phone number'",
    async (country, phoneNumber, zip) => {
      const reply = await refusedSignUp(signUpBody({ phoneCountry: country, country, phoneNumber, zip }));
      expect(reply.status).toBe(400);
      expect(reply.body.fields).toEqual([{ path: 'phoneNumber', message: 'Please enter a valid phone number' }]);
    },
  );

  it('accepts the longest local number of a 9-digit country', async () => {
    const reply = await v4('POST', '/v4/patientAppUser', {
      body: signUpBody({ phoneCountry: 'AU', country: 'AU', phoneNumber: '412345678', zip: '2000' }),
    });
    expect(reply.status).toBe(201);
  });

  it.each([
    ['US', '1234'],
    ['US', 'ABCDE'],
    ['CA', '12345'],
    ['IN', '11000'],
  ])("refuses the %s zip %s: 'Please enter a valid zip'", async (country, zip) => {
    const phone = country === 'IN' ? { phoneCountry: 'IN', phoneNumber: '9876543210' } : {};
    const reply = await refusedSignUp(signUpBody({ country, zip, ...phone }));
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual([{ path: 'zip', message: 'Please enter a valid zip' }]);
  });

  it.each([
    ['false', false],
    ['missing', undefined],
    ['the string "true"', 'true'],
  ])("refuses terms %s: 'Please accept Terms of use to proceed'", async (_label, acceptTerms) => {
    const reply = await refusedSignUp(signUpBody({ acceptTerms }));
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual([{ path: 'acceptTerms', message: 'Please accept Terms of use to proceed' }]);
  });

  it("refuses a malformed email: 'Please enter a valid email'", async () => {
    const reply = await refusedSignUp(signUpBody({ email: 'not-an-email' }));
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual([{ path: 'email', message: 'Please enter a valid email' }]);
  });

  it('names every missing required field, with the spec messages in Spanish', async () => {
    const reply = await refusedSignUp(
      signUpBody({ firstName: '   ', lastName: undefined, city: '', gender: undefined }),
      'sp',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(es.api.badRequest);
    expect(reply.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: es.validation.required },
        { path: 'lastName', message: es.validation.required },
        { path: 'city', message: es.validation.required },
        { path: 'gender', message: es.validation.required },
      ]),
    );
  });

  it('answers the cross-field rules in Spanish too', async () => {
    const reply = await refusedSignUp(signUpBody({ dateOfBirth: birthDate(10), password: 'weak' }), 'sp');
    expect(reply.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'dateOfBirth', message: es.validation.minAge },
        { path: 'password', message: es.validation.passwordWeak },
      ]),
    );
  });
});

describe('GET /v4/patientAppUser', () => {
  it('returns a list whose first element is the logged-in user', async () => {
    const { email, token } = await signUpAndLogin();
    const reply = await v4('GET', '/v4/patientAppUser', { token });
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body)).toBe(true);
    expect(reply.body[0]).toMatchObject({ email, firstName: 'Ana', country: 'US' });
    expect(reply.body[0]).not.toHaveProperty('passwordHash');
  });

  it('answers 401 without a token', async () => {
    const reply = await v4('GET', '/v4/patientAppUser');
    expect(reply.status).toBe(401);
    expect(reply.body.errorCode).toBe('notAuthorized');
  });
});

describe('PUT /v4/patientAppUser (profile update)', () => {
  it('updates the profile and returns it; the list shows the change', async () => {
    const { email, token } = await signUpAndLogin();
    const update = profileBody({
      firstName: 'Beatriz',
      lastName: 'Nueva',
      phoneCountry: 'ES',
      phoneNumber: '612345678',
      country: 'ES',
      zip: '28001',
      city: 'Madrid',
      state: 'Madrid',
      suite: undefined,
      gender: 'preferNotToSay',
    });
    const reply = await v4('PUT', '/v4/patientAppUser', { token, body: update });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      email,
      firstName: 'Beatriz',
      country: 'ES',
      suite: null,
      gender: 'preferNotToSay',
    });

    const list = await v4('GET', '/v4/patientAppUser', { token });
    expect(list.body[0]).toMatchObject({ firstName: 'Beatriz', city: 'Madrid', phoneNumber: '612345678' });
  });

  it('does not change the email or the password (extra fields are refused, nothing written)', async () => {
    const { token, email } = await signUpAndLogin();
    const before = await v4('GET', '/v4/patientAppUser', { token });
    const reply = await v4('PUT', '/v4/patientAppUser', {
      token,
      body: { ...profileBody({ firstName: 'Changed' }), email: uniqueEmail(), password: 'Another123' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual([{ path: 'email,password', message: 'This field is not expected' }]);
    const after = await v4('GET', '/v4/patientAppUser', { token });
    expect(after.body).toEqual(before.body);
    expect(after.body[0].email).toBe(email);
  });

  it('applies the sign-up rules to the profile (age, phone, zip)', async () => {
    const { token } = await signUpAndLogin();
    const reply = await v4('PUT', '/v4/patientAppUser', {
      token,
      body: profileBody({ dateOfBirth: birthDate(15), phoneNumber: '123', zip: 'nope' }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual(
      expect.arrayContaining([{ path: 'dateOfBirth', message: 'User must be 16 years or older' }]),
    );
  });

  it('answers 401 without a token and changes nothing', async () => {
    const reply = await v4('PUT', '/v4/patientAppUser', { body: profileBody() });
    expect(reply.status).toBe(401);
  });
});

describe('POST /v4/patientAppUser limits (enumeration made slow)', () => {
  it('accepts a limited number of sign-ups per address per hour, taken emails and new alike, then 429 with Retry-After', async () => {
    const ip = randomIp();
    const limit = signUpRule().points;
    const { email: taken } = await signUp();
    const replies = await Promise.all(
      Array.from({ length: limit }, (_, i) =>
        v4('POST', '/v4/patientAppUser', { ip, body: signUpBody(i % 2 ? { email: taken } : {}) }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(Math.ceil(limit / 2)).fill(201), ...Array(Math.floor(limit / 2)).fill(412)]);
    // The spec's message is kept for the taken email (SPEC.md section 8).
    expect(replies.find((r) => r.status === 412)?.body).toEqual({
      message: 'This email is already taken',
      errorCode: 'emailTaken',
    });

    const before = await countRows(database.db, 'patient_app_users');
    for (const body of [signUpBody(), signUpBody({ email: taken })]) {
      const blocked = await v4('POST', '/v4/patientAppUser', { ip, body, language: 'sp' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.errorCode).toBe('tooManyAttempts');
      expect(blocked.body.message).toMatch(/^Demasiados intentos/);
      expect(blocked.body.retryAfterSeconds).toBeLessThanOrEqual(3600);
      expect(blocked.headers.get('retry-after')).toBe(String(blocked.body.retryAfterSeconds));
    }
    expect(await countRows(database.db, 'patient_app_users')).toBe(before);
    // Another address is not affected.
    expect((await v4('POST', '/v4/patientAppUser', { body: signUpBody() })).status).toBe(201);
  });

  it('answers a taken email no faster than a new account: both pay the password hash', async () => {
    const { email: taken } = await signUp();
    // The hash (scrypt) is what makes a sign-up slow, so a taken email must cost one too. Counted
    // rather than timed: a timing test on a shared machine flakes.
    const real = password.hashPassword;
    let finished = 0;
    const hash = vi.spyOn(password, 'hashPassword').mockImplementation(async (plain) => {
      const hashed = await real(plain);
      finished += 1;
      return hashed;
    });
    try {
      expect((await v4('POST', '/v4/patientAppUser', { body: signUpBody() })).status).toBe(201);
      expect(finished).toBe(1);
      // The 412 is sent only once its hash has finished, as the 201 is.
      expect((await v4('POST', '/v4/patientAppUser', { body: signUpBody({ email: taken }) })).status).toBe(412);
      expect(finished).toBe(2);
    } finally {
      hash.mockRestore();
    }
  });
});

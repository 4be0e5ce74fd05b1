import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contracts/errors';
import { MAX_BODY_BYTES, MAX_DISCARDED_BODY_BYTES } from '../../http/json';
import { dispatchV4 } from './dispatch';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import {
  TEST_PASSWORD,
  profileBody,
  signUpAndLogin,
  signUpBody,
  uniqueEmail,
  v4,
  type V4Options,
  type V4Reply,
} from '../../testing/v4';

/*
 * Bad input for every /v4 endpoint that takes a body ("Bad input"): malformed JSON,
 * missing, extra, wrongly typed and oversized fields and the wrong content type answer
 * 400/413/415 with { message, errorCode }, never a 500, and nothing is written.
 */

const database = useTestDatabase();

let account: { email: string; token: string };
let resetToken: string;

beforeAll(async () => {
  account = await signUpAndLogin();
  await v4('POST', '/v4/passwordReset', { body: { email: account.email } });
  const [mail] = await queryRows<{ text_body: string }>(
    database.db,
    sql`select text_body from outbox_emails where to_address = ${account.email} and text_body like '%/reset/%'`,
  );
  resetToken = /\/reset\/([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
});

interface Endpoint {
  name: string;
  method: string;
  path: () => string;
  auth: boolean;
  /** A body that would be accepted; the cases below spoil it. */
  valid: () => Record<string, unknown>;
  optional?: string[];
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'PUT /v4/session',
    method: 'PUT',
    path: () => '/v4/session',
    auth: false,
    valid: () => ({ email: account.email, password: TEST_PASSWORD }),
  },
  {
    name: 'POST /v4/patientAppUser',
    method: 'POST',
    path: () => '/v4/patientAppUser',
    auth: false,
    valid: () => signUpBody(),
    optional: ['suite'],
  },
  {
    name: 'PUT /v4/patientAppUser',
    method: 'PUT',
    path: () => '/v4/patientAppUser',
    auth: true,
    valid: () => profileBody(),
    optional: ['suite'],
  },
  {
    name: 'PUT /v4/password',
    method: 'PUT',
    path: () => '/v4/password',
    auth: true,
    valid: () => ({ current: TEST_PASSWORD, new: 'Changed123' }),
  },
  {
    name: 'POST /v4/passwordReset',
    method: 'POST',
    path: () => '/v4/passwordReset',
    auth: false,
    valid: () => ({ email: account.email }),
  },
  {
    name: 'PUT /v4/passwordReset/{token}',
    method: 'PUT',
    path: () => `/v4/passwordReset/${resetToken}`,
    auth: false,
    valid: () => ({ new: 'Renewed123' }),
  },
];

/** Everything a rejected request could have written, in one query. */
async function snapshot(): Promise<string> {
  const [row] = await queryRows<Record<string, unknown>>(
    database.db,
    sql`select
      (select count(*) from patient_app_users) as users,
      (select count(*) from sessions where revoked_at is null) as live_sessions,
      (select count(*) from rate_limits) as rate_limit_counters,
      (select count(*) from outbox_emails) as emails,
      (select count(*) from password_reset_tokens where used_at is null) as open_reset_tokens,
      (select row_to_json(u)::text from patient_app_users u where email = ${account.email}) as me`,
  );
  return JSON.stringify(row);
}

function send(endpoint: Endpoint, options: V4Options): Promise<V4Reply> {
  return v4(endpoint.method, endpoint.path(), { ...options, token: endpoint.auth ? account.token : undefined });
}

/** The one error shape, a status that blames the client, and nothing written. */
async function expectRefused(request: () => Promise<V4Reply>, status: number, errorCode: string): Promise<V4Reply> {
  const before = await snapshot();
  const reply = await request();
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(apiErrorSchema.safeParse(reply.body).success, JSON.stringify(reply.body)).toBe(true);
  expect(reply.body.errorCode).toBe(errorCode);
  expect(reply.body.message).not.toBe('');
  expect(JSON.stringify(reply.body)).not.toMatch(/ at .+:\d+:\d+|stack/i);
  expect(await snapshot()).toBe(before);
  return reply;
}

const WRONG_VALUES: [string, unknown][] = [
  ['a number', 12345],
  ['null', null],
  ['an object', { value: 'x' }],
  ['an array', ['x']],
];

const NOT_OBJECTS = ['null', '[]', '"text"', '42', 'true', '[{"email":"a@b.co"}]'];
const WRONG_CONTENT_TYPES: [string, string | null][] = [
  ['text/plain', 'text/plain'],
  ['no content type', null],
  ['a form', 'application/x-www-form-urlencoded'],
  ['multipart', 'multipart/form-data; boundary=x'],
];

describe.each(ENDPOINTS)('$name refuses bad input', (endpoint) => {
  const fieldNames = Object.keys(
    // Field names only (values are built after login); any email does for the listing.
    endpoint.name.includes('patientAppUser')
      ? endpoint.method === 'POST'
        ? signUpBody()
        : profileBody()
      : endpoint.name === 'PUT /v4/session'
        ? { email: 1, password: 1 }
        : endpoint.name === 'PUT /v4/password'
          ? { current: 1, new: 1 }
          : endpoint.name === 'POST /v4/passwordReset'
            ? { email: 1 }
            : { new: 1 },
  );
  const required = fieldNames.filter((f) => !endpoint.optional?.includes(f));

  it('malformed JSON: 400', async () => {
    const reply = await expectRefused(
      () => send(endpoint, { rawBody: '{"email": "a@b.co",', contentType: 'application/json' }),
      400,
      'badRequest',
    );
    expect(reply.body.message).toBe('The request body is not valid JSON.');
  });

  it('an empty body: 400', async () => {
    await expectRefused(() => send(endpoint, { rawBody: '', contentType: 'application/json' }), 400, 'badRequest');
  });

  it.each(NOT_OBJECTS)('JSON that is not an object (%s): 400', async (raw) => {
    await expectRefused(() => send(endpoint, { rawBody: raw, contentType: 'application/json' }), 400, 'badRequest');
  });

  it('an empty object: 400 naming every required field', async () => {
    const reply = await expectRefused(() => send(endpoint, { body: {} }), 400, 'badRequest');
    expect(reply.body.fields.map((f: { path: string }) => f.path).sort()).toEqual([...required].sort());
  });

  it.each(required)('missing %s: 400 naming it', async (field) => {
    const body = endpoint.valid();
    delete body[field];
    const reply = await expectRefused(() => send(endpoint, { body }), 400, 'badRequest');
    expect(reply.body.fields).toContainEqual({ path: field, message: expect.any(String) });
  });

  it('an extra field: 400 naming it', async () => {
    const reply = await expectRefused(
      () => send(endpoint, { body: { ...endpoint.valid(), isAdmin: true } }),
      400,
      'badRequest',
    );
    expect(reply.body.fields).toEqual([{ path: 'isAdmin', message: 'This field is not expected' }]);
  });

  it('a prototype-polluting field: 400, and nothing polluted', async () => {
    const raw = JSON.stringify(endpoint.valid()).replace(/^\{/, '{"__proto__":{"isAdmin":true},');
    await expectRefused(() => send(endpoint, { rawBody: raw, contentType: 'application/json' }), 400, 'badRequest');
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  describe.each(fieldNames)('%s of the wrong type', (field) => {
    it.each(WRONG_VALUES)('%s: 400 naming the field', async (_label, value) => {
      const reply = await expectRefused(
        () => send(endpoint, { body: { ...endpoint.valid(), [field]: value } }),
        400,
        'badRequest',
      );
      expect(reply.body.fields).toContainEqual({ path: field, message: expect.any(String) });
    });
  });

  it(`a body over ${MAX_BODY_BYTES / 1024} KiB: 413`, async () => {
    const body = { ...endpoint.valid(), [fieldNames[0]!]: 'x'.repeat(MAX_BODY_BYTES) };
    await expectRefused(() => send(endpoint, { body }), 413, 'payloadTooLarge');
  });

  it('a body declared over the limit: 413 without parsing it', async () => {
    await expectRefused(
      () => send(endpoint, { body: endpoint.valid(), headers: { 'content-length': String(MAX_BODY_BYTES + 1) } }),
      413,
      'payloadTooLarge',
    );
  });

  it('a huge body of deeply nested arrays: 413, and no stack overflow', async () => {
    const raw = '['.repeat(MAX_BODY_BYTES + 10);
    await expectRefused(
      () => send(endpoint, { rawBody: raw, contentType: 'application/json' }),
      413,
      'payloadTooLarge',
    );
  });

  it('deeply nested arrays within the limit: 400', async () => {
    const depth = MAX_BODY_BYTES / 2 - 10;
    const raw = '['.repeat(depth) + ']'.repeat(depth);
    await expectRefused(() => send(endpoint, { rawBody: raw, contentType: 'application/json' }), 400, 'badRequest');
  });

  it.each(WRONG_CONTENT_TYPES)('the wrong content type (%s): 415', async (_label, contentType) => {
    await expectRefused(
      () => send(endpoint, { rawBody: JSON.stringify(endpoint.valid()), contentType }),
      415,
      'unsupportedMediaType',
    );
  });

  if (endpoint.auth) {
    it('a wrong token with a valid body: 401', async () => {
      await expectRefused(
        () => v4(endpoint.method, endpoint.path(), { body: endpoint.valid(), token: 'not-a-real-token' }),
        401,
        'notAuthorized',
      );
    });
  }
});

describe('text that PostgreSQL cannot store', () => {
  // A NUL character is valid JSON but not valid PostgreSQL text: it must be a 400, not a 500.
  it.each(['firstName', 'lastName', 'streetAddress', 'suite', 'city', 'state'])(
    'a NUL character in %s at sign-up: 400',
    async (field) => {
      const reply = await expectRefused(
        () => v4('POST', '/v4/patientAppUser', { body: signUpBody({ [field]: 'Ana\u0000Maria' }) }),
        400,
        'badRequest',
      );
      expect(reply.body.fields).toContainEqual({ path: field, message: expect.any(String) });
    },
  );

  it('a NUL character in a profile update: 400', async () => {
    await expectRefused(
      () => v4('PUT', '/v4/patientAppUser', { token: account.token, body: profileBody({ city: 'Nul\u0000City' }) }),
      400,
      'badRequest',
    );
  });

  it('a NUL character in a login password is just a wrong password', async () => {
    const reply = await v4('PUT', '/v4/session', { body: { email: uniqueEmail(), password: 'Pass\u0000word1' } });
    expect(reply.status).toBe(401);
  });
});

describe('routing', () => {
  it.each([
    ['GET', '/v4/nope'],
    ['GET', '/v4'],
    ['PUT', '/v4/session/extra'],
    ['GET', '/v4/passwordReset/a/b'],
    ['GET', '/v4/Session'],
  ])('%s %s (unknown path): 404 in the one error shape', async (method, path) => {
    const reply = await v4(method, path);
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(reply.body).toEqual({ message: 'The requested resource was not found.', errorCode: 'notFound' });
  });

  it.each([
    ['PATCH', '/v4/session'],
    ['GET', '/v4/password'],
    ['DELETE', '/v4/countries'],
    ['POST', '/v4/passwordReset/abc'],
  ])('%s %s (known path, wrong method): 405 in the one error shape', async (method, path) => {
    const reply = await v4(method, path);
    expect(reply.status).toBe(405);
    expect(reply.body).toMatchObject({ errorCode: 'methodNotAllowed', message: expect.any(String) });
  });

  // RFC 9110 section 15.5.6: a 405 lists what the resource does answer (none did).
  it.each([
    ['PATCH', '/v4/session', 'DELETE, OPTIONS, PUT'],
    ['GET', '/v4/password', 'OPTIONS, PUT'],
    ['DELETE', '/v4/countries', 'GET, HEAD, OPTIONS'],
    ['POST', '/v4/passwordReset/abc', 'GET, HEAD, OPTIONS, PUT'],
    ['POST', '/v4/favorites/providers/3', 'DELETE, OPTIONS, PUT'],
    ['PUT', '/v4/openapi.json', 'GET, HEAD, OPTIONS'],
  ])('%s %s: the 405 carries Allow: %s', async (method, path, allow) => {
    const reply = await v4(method, path);
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe(allow);
  });

  // HEAD and OPTIONS agree with Allow: every method OPTIONS lists is answered, none with 405.
  it.each(['/v4/countries', '/v4/session', '/v4/passwordReset/abc', '/v4/openapi.json', '/v4/providers/3'])(
    'OPTIONS %s lists methods that each answer something other than 405',
    async (path) => {
      const reply = await v4('OPTIONS', path);
      expect(reply.status).toBe(204);
      const allow = reply.headers.get('allow')!.split(', ');
      expect(allow).toContain('OPTIONS');
      for (const method of allow) {
        const answer = await v4(
          method,
          path,
          method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? {} : { body: {} },
        );
        expect(answer.status, `${method} ${path}`).not.toBe(405);
      }
    },
  );

  it('HEAD /v4/countries answers as GET does, without a body', async () => {
    const get = await v4('GET', '/v4/countries');
    const head = await v4('HEAD', '/v4/countries');
    expect(head.status).toBe(200);
    expect(head.body).toBeUndefined();
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(get.body)));
  });

  it('HEAD on a path without GET is a 405 with Allow, OPTIONS on an unknown path a 404', async () => {
    const head = await v4('HEAD', '/v4/password');
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('OPTIONS, PUT');
    expect((await v4('OPTIONS', '/v4/nope')).status).toBe(404);
  });

  // A server that answers 413 and closes while the client still sends makes the client see a
  // connection reset: the rest of an oversized body is read and dropped first, up to a bound.
  it.each([
    ['declared', true],
    ['streamed without a length', false],
  ])('a 3 MB body (%s) is read to its end before the 413', async (_label, declare) => {
    const total = 3 * 1024 * 1024;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (declare) headers['content-length'] = String(total);
    const request = new Request('http://test/v4/session', {
      method: 'PUT',
      headers,
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await dispatchV4(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ errorCode: 'payloadTooLarge' });
    expect(pulled).toBe(total);
  });

  it('a body past the discard bound is cut off, still with a 413', async () => {
    const request = new Request('http://test/v4/session', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_DISCARDED_BODY_BYTES + 1) },
      body: '{}',
    });
    expect((await dispatchV4(request)).status).toBe(413);
  });

  it('answers the 404 in Spanish with Language: sp', async () => {
    const reply = await v4('GET', '/v4/nope', { language: 'sp' });
    expect(reply.body.message).toBe('No se encontró el recurso solicitado.');
  });

  it.each([
    ['DELETE', '/v4/session'],
    ['GET', '/v4/patientAppUser'],
  ])('%s %s with a wrong token: 401', async (method, path) => {
    const reply = await v4(method, path, { token: 'wrong' });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ errorCode: 'notAuthorized' });
  });
});

describe('property: arbitrary bodies never produce a 500', () => {
  const anyBodyText = fc.oneof(
    fc.json(),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.jsonValue().map((v) => JSON.stringify(v)),
  );

  it.each([
    ['POST', '/v4/patientAppUser'],
    ['PUT', '/v4/session'],
    ['POST', '/v4/passwordReset'],
  ])('%s %s with arbitrary JSON text', async (method, path) => {
    await fc.assert(
      fc.asyncProperty(anyBodyText, async (raw) => {
        const reply = await v4(method, path, { rawBody: raw, contentType: 'application/json' });
        expect([400, 401, 404, 413, 429]).toContain(reply.status);
        expect(apiErrorSchema.safeParse(reply.body).success).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  // Sign-up bodies with the right keys and arbitrary values reach deeper: the cross-field
  // rules and the database. Valid-looking values are mixed in so some get past the types.
  const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom('Ana', '', '  ', 'US', '10001'));
  const anything = fc.oneof(text, fc.jsonValue());
  const signUpShape = fc.record(
    {
      firstName: anything,
      lastName: text,
      email: fc.oneof(fc.emailAddress(), text),
      password: fc.oneof(fc.constant('Secret123'), text),
      phoneCountry: fc.oneof(fc.constantFrom('US', 'AU', 'GB', 'QA', 'XX'), text),
      phoneNumber: fc.oneof(fc.stringMatching(/^\d{6,12}$/), text),
      gender: fc.oneof(fc.constantFrom('male', 'female', 'preferNotToSay'), anything),
      dateOfBirth: fc.oneof(
        fc
          .date({ min: new Date('1890-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
        text,
      ),
      streetAddress: text,
      suite: fc.oneof(text, fc.constant(null)),
      city: text,
      state: text,
      zip: fc.oneof(fc.stringMatching(/^\d{4,6}$/), text),
      country: fc.oneof(fc.constantFrom('US', 'AU', 'GB', 'QA', 'XX'), text),
      acceptTerms: fc.oneof(fc.constant(true), anything),
    },
    { requiredKeys: [] },
  );

  it('POST /v4/patientAppUser with sign-up-shaped bodies: 201, 400 or 412, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(signUpShape, async (body) => {
        const reply = await v4('POST', '/v4/patientAppUser', { body });
        expect([201, 400, 412], JSON.stringify(reply.body)).toContain(reply.status);
        if (reply.status !== 201) expect(apiErrorSchema.safeParse(reply.body).success).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('PUT /v4/session with login-shaped bodies: 400 or 401, never a 500', async () => {
    const loginShape = fc.record(
      {
        email: fc.oneof(fc.emailAddress(), text),
        password: fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), anything),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(loginShape, async (body) => {
        const reply = await v4('PUT', '/v4/session', { body });
        expect([400, 401, 429], JSON.stringify(reply.body)).toContain(reply.status);
      }),
      { numRuns: 60 },
    );
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contracts/errors';
import { buildOpenApiDocument } from '../../contracts/openapi';
import { v4Routes, type RouteContract, type V4RouteId } from '../../contracts/routes';
import { seedDiscovery } from '../../db/seed/discovery';
import { DEMO_PATIENT } from '../../db/seed/seed';
import { arbitraryOf, type JsonSchema } from '../../testing/json-schema-arbitrary';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { login, randomIp, signUpAndLogin } from '../../testing/v4';
import { dispatchV4 } from './dispatch';

/*
 * Property-based fuzzing of every /v4 operation of the route table and every /api route
 * handler: hostile path segments (malformed percent-encoding, huge, Unicode), query
 * strings (unknown, repeated, malformed, wrongly typed parameters), headers and bodies (JSON
 * that is not an object, missing, extra and wrongly typed fields, huge strings, invalid UTF-8).
 * Whatever arrives: never a 5xx, every 4xx in the one error shape `{ message, errorCode }`, and
 * nothing written when a request is refused. Fixed seed and run counts: the same cases every
 * run, a bounded time in `npm test`.
 */

const jar = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (options?.maxAge === 0 || value === '') jar.delete(name);
      else jar.set(name, value);
    },
    delete: (name: string) => jar.delete(name),
  }),
}));

const database = useTestDatabase();
const SEED = 20261125;
const ORIGIN = 'http://app.test';
const doc = buildOpenApiDocument() as any;
let token = '';
let account: { email: string; password: string };
let loggedInJar = new Map<string, string>();
let tables: string[] = [];

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 20 });
  });
  const signedUp = await signUpAndLogin();
  account = signedUp;
  token = signedUp.token;
  tables = (
    await queryRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((row) => row.name);
  await bffLogin();
});

async function bffLogin() {
  jar.clear();
  const { POST } = await import('../../../app/api/session/route');
  const reply = await POST(
    new Request(`${ORIGIN}/api/session`, {
      method: 'POST',
      headers: { origin: ORIGIN, host: 'app.test', 'x-forwarded-host': 'app.test', 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_PATIENT.email, password: DEMO_PATIENT.password }),
    }),
  );
  expect(reply.status).toBe(200);
  loggedInJar = new Map(jar);
}

/** Throttling bookkeeping is written by refused guesses on purpose (that is how they are slowed). */
const isThrottleTable = (name: string) => /attempt|limit|throttl|rlflx/i.test(name);

/** Row counts of every table, the live sessions and a digest of the users' rows. */
async function snapshot(): Promise<Record<string, unknown>> {
  const counted = tables.filter((t) => !isThrottleTable(t));
  const columns = counted.map((t) => sql`(select count(*) from ${sql.identifier(t)})::text as ${sql.identifier(t)}`);
  const [row] = await queryRows<Record<string, unknown>>(
    database.db,
    sql`select ${sql.join(columns, sql`, `)},
      (select count(*) from sessions where revoked_at is null)::text as live_sessions,
      (select md5(coalesce(string_agg(u::text, ',' order by u.id), '')) from patient_app_users u) as users_digest`,
  );
  return row!;
}

// ---- Hostile pieces ----

const MALFORMED_ESCAPES = ['%', '%%', '%zz', '%E0%A4%A', '%ED%A0%80', '%FF', '%C0%AF', '%u0041', 'a%', '%0', '%00'];
const latin1 = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const unicode = fc.string({ unit: 'grapheme', maxLength: 40 });
const huge = fc.integer({ min: 1_000, max: 6_000 }).map((n) => 'x'.repeat(n));

/** Path segments as they appear in the URL (already encoded, or deliberately not). */
const hostileSegment = fc.oneof(
  fc.integer({ min: 1, max: 30 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '01',
    '1.5',
    '1e3',
    '0x10',
    '2147483648',
    '99999999999999999999',
    'null',
    'undefined',
    '..',
    '.',
  ),
  fc.constantFrom(...MALFORMED_ESCAPES),
  fc.constantFrom('%2F', '%2e%2e', 'a%2Fb', '%20', '%0A', '%E2%80%AE'),
  unicode.map((s) => encodeURIComponent(s) || 'x'),
  huge,
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
);

const hostileValue = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'true',
    'false',
    '1',
    '0',
    '-1',
    'NaN',
    'Infinity',
    '1e308',
    '-0',
    'null',
    '[]',
    '{}',
    '2026-02-30',
    '0000-00-00',
  ),
  fc.integer().map(String),
  fc.double().map(String),
  latin1.map(encodeURIComponent),
  unicode.map(encodeURIComponent),
  fc.constantFrom(...MALFORMED_ESCAPES),
  huge,
);

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: JsonSchema;
}

/** A query string the document calls valid (dates in the described window), as pairs. */
function validQuery(parameters: Parameter[]): fc.Arbitrary<[string, string][]> {
  const query = parameters.filter((p) => p.in === 'query');
  const now = Date.now();
  const model = Object.fromEntries(
    query.map((p) => [
      p.name,
      arbitraryOf(p.schema, { dateRange: { min: new Date(now), max: new Date(now + 300 * 86_400_000) } }),
    ]),
  );
  return fc
    .record(model, { requiredKeys: query.filter((p) => p.required).map((p) => p.name) })
    .map((values) => Object.entries(values).map(([k, v]) => [k, encodeURIComponent(String(v))] as [string, string]));
}

/** Junk pairs, or a valid query with one pair spoiled, added or repeated. */
function queryArbitrary(names: string[], parameters: Parameter[]) {
  const key = fc.oneof(
    { weight: 4, arbitrary: names.length ? fc.constantFrom(...names) : fc.constant('x') },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'extra', '', '%', 'lat[]') },
  );
  const junk = fc.array(fc.tuple(key, hostileValue), { maxLength: 6 });
  const nearlyValid = fc
    .tuple(validQuery(parameters), fc.constantFrom('replace', 'add', 'repeat', 'keep'), fc.tuple(key, hostileValue))
    .map(([pairs, how, pair]) => {
      if (how === 'replace' && pairs.length) return [...pairs.slice(1), [pairs[0]![0], pair[1]] as [string, string]];
      if (how === 'repeat' && pairs.length) return [...pairs, pairs[0]!];
      if (how === 'add') return [...pairs, pair];
      return pairs;
    });
  return fc.oneof(junk, nearlyValid).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

function headersArbitrary(extraNames: string[]) {
  const optional = (value: fc.Arbitrary<string>) => fc.option(value, { nil: undefined });
  return fc.record({
    language: optional(fc.oneof(fc.constantFrom('en', 'sp', 'es', 'EN', 'xx', ''), latin1, huge)),
    token: fc.constantFrom<'none' | 'valid' | 'junk'>('none', 'valid', 'junk'),
    junkToken: fc.oneof(latin1, huge),
    contentType: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
      {
        weight: 1,
        arbitrary: fc.constantFrom('text/plain', 'none', 'application/x-www-form-urlencoded', 'application/jsonx'),
      },
    ),
    extra: fc.dictionary(
      extraNames.length ? fc.constantFrom(...extraNames) : fc.constant('x-extra'),
      fc.oneof(latin1, huge, fc.constantFrom(...MALFORMED_ESCAPES), fc.constantFrom('91', '-181', '1e-7', 'NaN')),
      { maxKeys: 3 },
    ),
  });
}

const bodySchemas: JsonSchema[] = Object.values(v4Routes)
  .filter((route) => 'body' in route)
  .map((route) => doc.paths[route.path][route.method.toLowerCase()].requestBody.content['application/json'].schema);

/** A document-valid body with one thing spoiled: a field missing, one of the wrong type, one too many. */
function spoiled(schema: JsonSchema): fc.Arbitrary<unknown> {
  const fields = Object.keys(schema.properties ?? {});
  return fc
    .tuple(
      arbitraryOf(schema) as fc.Arbitrary<Record<string, unknown>>,
      fc.constantFrom(...fields),
      fc.constantFrom('drop', 'wrongType', 'extra', 'huge', 'unicode', 'keep'),
      fc.oneof(fc.jsonValue(), unicode),
    )
    .map(([body, field, how, junk]) => {
      const copy: Record<string, unknown> = { ...body };
      if (how === 'drop') delete copy[field];
      if (how === 'wrongType') copy[field] = junk;
      if (how === 'extra') copy.isAdmin = junk;
      if (how === 'huge') copy[field] = 'é'.repeat(40_000);
      if (how === 'unicode') copy[field] = `\u0000\ud800${String(junk)}\u202e`;
      return copy;
    });
}

/** Raw body text or bytes (GET and DELETE never carry one here: fetch refuses a GET body). */
function bodyArbitrary(schemas: JsonSchema[]) {
  const pieces = [
    fc.constant(undefined),
    fc.constantFrom(
      '',
      'null',
      '[]',
      '"text"',
      '42',
      'true',
      '{',
      '{"a":',
      '[{"email":"a@b.co"}]',
      '{"__proto__":{"x":1}}',
    ),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string({ unit: 'binary', maxLength: 200 }),
    // {"a":"…"} with bytes that are not UTF-8.
    fc.constant(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]) as BodyInit),
    fc.constant('['.repeat(70_000)),
  ];
  if (!schemas.length) return fc.oneof(...pieces);
  const nearlyValid = fc
    .constantFrom(...schemas)
    .chain(spoiled)
    .map((v) => JSON.stringify(v));
  return fc.oneof({ weight: 7, arbitrary: fc.oneof(...pieces) }, { weight: 5, arbitrary: nearlyValid });
}

interface FuzzCase {
  segments: string[];
  query: string;
  headers: {
    language?: string;
    token: 'none' | 'valid' | 'junk';
    junkToken: string;
    contentType: string;
    extra: Record<string, string>;
  };
  body: BodyInit | undefined;
}

function caseArbitrary(
  pathTemplate: string,
  parameters: Parameter[],
  headerNames: string[],
  schemas: JsonSchema[],
  method: string,
) {
  const slots = [...pathTemplate.matchAll(/\{(\w+)\}/g)].length;
  const queryNames = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  return fc.record({
    segments: fc.array(hostileSegment, { minLength: slots, maxLength: slots }),
    query: queryArbitrary(queryNames, parameters),
    headers: headersArbitrary(headerNames),
    body: method === 'GET' || method === 'DELETE' ? fc.constant(undefined) : bodyArbitrary(schemas),
  }) as fc.Arbitrary<FuzzCase>;
}

function fill(template: string, segments: string[]): string {
  let i = 0;
  return template.replace(/\{(\w+)\}/g, () => segments[i++] ?? '');
}

function buildHeaders(fuzz: FuzzCase, validToken: string): Headers {
  const headers = new Headers({ 'x-forwarded-for': randomIp() });
  if (fuzz.headers.language !== undefined) headers.set('language', fuzz.headers.language);
  if (fuzz.headers.token === 'valid') headers.set('x-auth-token', validToken);
  if (fuzz.headers.token === 'junk') headers.set('x-auth-token', fuzz.headers.junkToken);
  if (fuzz.body !== undefined && fuzz.headers.contentType !== 'none')
    headers.set('content-type', fuzz.headers.contentType);
  for (const [name, value] of Object.entries(fuzz.headers.extra)) headers.set(name, value);
  return headers;
}

/**
 * Never a 5xx; a 4xx in the one error shape, with nothing written. `sameRoute`: the request
 * reached the operation under test with its own method, so a 405 would mean it was sent on to
 * another route (a BFF handler given the id `.` called /v4/passwordReset/).
 */
async function expectWellFormed(
  response: Response,
  context: string,
  before: Record<string, unknown>,
  sameRoute: boolean,
) {
  const text = await response.text();
  expect(response.status, `${context} -> ${text.slice(0, 300)}`).toBeLessThan(500);
  if (sameRoute) expect(response.status, `${context} -> ${text.slice(0, 300)}`).not.toBe(405);
  if (response.status >= 400) {
    expect(response.headers.get('content-type'), context).toMatch(/^application\/json/);
    let body: unknown;
    expect(() => (body = JSON.parse(text)), `${context} -> ${text.slice(0, 300)}`).not.toThrow();
    const parsed = apiErrorSchema.safeParse(body);
    expect(parsed.success, `${context} -> ${text.slice(0, 300)}`).toBe(true);
    expect(text).not.toMatch(/ at .+:\d+:\d+|stack/i);
    // Refused: nothing written (throttle bookkeeping aside, which refused guesses exist to feed).
    expect(await snapshot(), `${context} wrote rows`).toEqual(before);
  }
}

// ---- /v4 ----

/** `FUZZ_STATS=1` prints how many answers of each status every operation got (is the fuzz reaching deep?). */
const stats: Record<string, number> = {};
afterAll(() => {
  if (process.env.FUZZ_STATS) console.log(JSON.stringify(stats, null, 1));
});

const v4Ids = Object.keys(v4Routes) as V4RouteId[];
/** Operations whose valid-looking requests hash a password: fewer runs (scrypt, 32 MiB each). */
const V4_RUNS: Partial<Record<V4RouteId, number>> = {
  login: 8,
  signUp: 8,
  changePassword: 8,
  setNewPassword: 8,
  logout: 8,
};

describe('fuzzing /v4: never a 5xx, always the error shape, nothing written when refused', () => {
  it.each(v4Ids)('%s', async (id) => {
    const route = v4Routes[id] as RouteContract;
    const operation = doc.paths[route.path][route.method.toLowerCase()];
    const parameters = operation.parameters as Parameter[];
    const headerNames = parameters.filter((p) => p.in === 'header' && p.name !== 'Language').map((p) => p.name);
    const schemas = route.body ? [operation.requestBody.content['application/json'].schema] : bodySchemas;
    await fc.assert(
      fc.asyncProperty(caseArbitrary(route.path, parameters, headerNames, schemas, route.method), async (fuzz) => {
        const url = `http://test${fill(route.path, fuzz.segments)}${fuzz.query ? `?${fuzz.query}` : ''}`;
        const context = `${route.method} ${url.slice(0, 200)} ${JSON.stringify(fuzz.headers).slice(0, 200)} body=${String(fuzz.body).slice(0, 200)}`;
        const before = await snapshot();
        const response = await dispatchV4(
          new Request(url, { method: route.method, headers: buildHeaders(fuzz, token), body: fuzz.body }),
        );
        // A URL with a dot segment (`.`, `..`, `%2e%2e`) is another path once parsed: that one may be a 405.
        await expectWellFormed(response, context, before, !fuzz.segments.some((seg) => /^(\.|%2e){1,2}$/i.test(seg)));
        if (process.env.FUZZ_STATS) stats[`${id} ${response.status}`] = (stats[`${id} ${response.status}`] ?? 0) + 1;
        // A logout with the valid token ended that session: start another for the next runs.
        if (id === 'logout' && response.status === 200)
          token = String((await login(account.email, account.password)).body.token);
      }),
      { numRuns: V4_RUNS[id] ?? 12, seed: SEED, endOnFailure: true },
    );
  });
});

// ---- /api ----

const API_DIR = path.resolve(__dirname, '../../../app/api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every /api route handler: its path template from the folder names, its exported methods. */
const apiRoutes = (fs.readdirSync(API_DIR, { recursive: true }) as string[])
  .filter((file) => file.endsWith('route.ts'))
  .map((file) => {
    const dir = path.dirname(file) === '.' ? '' : `/${path.dirname(file).split(path.sep).join('/')}`;
    const source = fs.readFileSync(path.join(API_DIR, file), 'utf8');
    return {
      file,
      template: `/api${dir}`.replace(/\[(\w+)\]/g, '{$1}'),
      methods: METHODS.filter((m) => new RegExp(`export (const|async function|function) ${m}\\b`).test(source)),
    };
  })
  .flatMap((route) => route.methods.map((method) => ({ ...route, method })));

/**
 * The query parameters a BFF route takes: those of the /v4 call it relays (/api/visit-reasons
 * is /v4/visitReasons), the typeahead's and the maps service's own.
 */
function apiQueryParameters(template: string): Parameter[] {
  const v4Path = template.replace(/^\/api/, '/v4').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const relayed = (doc.paths[v4Path]?.get?.parameters ?? []) as Parameter[];
  const own = (names: string[]): Parameter[] =>
    names.map((name) => ({ name, in: 'query', required: false, schema: { type: 'string', maxLength: 30 } }));
  if (template === '/api/search') return [...own(['searchText', 'country', 'favorite']), ...relayedCoordinates()];
  if (template.startsWith('/api/geo/')) return [...own(['q', 'id', 'locale']), ...relayedCoordinates()];
  return relayed.filter((p) => p.in === 'query');
}

function relayedCoordinates(): Parameter[] {
  return (doc.paths['/v4/favorites'].get.parameters as Parameter[]).filter((p) => p.in === 'query');
}

function decodedParams(template: string, segments: string[]): Record<string, string> {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return Object.fromEntries(
    names.map((name, i) => {
      const raw = segments[i] ?? '';
      try {
        return [name, decodeURIComponent(raw)];
      } catch {
        return [name, raw]; // what a router that gives up on decoding passes on
      }
    }),
  );
}

describe('fuzzing /api: never a 5xx, always the error shape, nothing written when refused', () => {
  it('finds the route handlers', () => {
    expect(apiRoutes.length).toBeGreaterThan(20);
    expect(apiRoutes.map((r) => `${r.method} ${r.template}`)).toEqual(
      expect.arrayContaining(['POST /api/session', 'GET /api/providers/{id}/slots', 'PUT /api/password-reset/{token}']),
    );
  });

  it.each(apiRoutes.map((r) => [`${r.method} ${r.template}`, r] as const))('%s', async (_name, route) => {
    const routeModule = (await import(path.join(API_DIR, route.file))) as Record<
      string,
      (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>
    >;
    const handler = routeModule[route.method]!;
    const origin = fc.constantFrom(ORIGIN, ORIGIN, ORIGIN, 'none', 'null', 'http://evil.test', '%');
    const signedIn = fc.boolean();
    const runs = route.template.includes('/geo/') ? 6 : /session|signup|password/.test(route.template) ? 8 : 10;
    await fc.assert(
      fc.asyncProperty(
        caseArbitrary(
          route.template,
          apiQueryParameters(route.template),
          ['searchText', 'x-locale'],
          bodySchemas,
          route.method,
        ),
        origin,
        signedIn,
        async (fuzz, originValue, withSession) => {
          jar.clear();
          if (withSession) for (const [k, v] of loggedInJar) jar.set(k, v);
          const url = `${ORIGIN}${fill(route.template, fuzz.segments)}${fuzz.query ? `?${fuzz.query}` : ''}`;
          const headers = buildHeaders(fuzz, token);
          headers.set('host', 'app.test');
          headers.set('x-forwarded-host', 'app.test');
          if (originValue !== 'none') headers.set('origin', originValue);
          const context = `${route.method} ${url.slice(0, 200)} ${JSON.stringify(fuzz.headers).slice(0, 200)} body=${String(fuzz.body).slice(0, 200)}`;
          const before = await snapshot();
          const response = await handler(new Request(url, { method: route.method, headers, body: fuzz.body }), {
            params: Promise.resolve(decodedParams(route.template, fuzz.segments)),
          });
          await expectWellFormed(response, context, before, true);
          if (process.env.FUZZ_STATS)
            stats[`${_name} ${response.status}`] = (stats[`${_name} ${response.status}`] ?? 0) + 1;
          // A successful logout ended the shared session: log in again.
          if (route.template === '/api/session' && route.method === 'DELETE' && response.status === 200)
            await bffLogin();
        },
      ),
      { numRuns: runs, seed: SEED, endOnFailure: true },
    );
  });
});

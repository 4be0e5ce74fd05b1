import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { getExampleNumber, type CountryCode } from 'libphonenumber-js';
import phoneExamples from 'libphonenumber-js/mobile/examples';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../contracts/openapi';
import { v4Routes, type RouteContract, type V4RouteId } from '../../contracts/routes';
import { parseIsoDate } from '../../contracts/validation';
import { isValidNpi } from '../../contracts/practice-requests';
import { tokenizeSandboxCard } from '../../api-client/sandbox-accept';
import { seedDiscovery } from '../../db/seed/discovery';
import { arbitraryOf, type JsonSchema } from '../../testing/json-schema-arbitrary';
import { useTestDatabase } from '../../testing/test-db';
import { signUpAndLogin, v4, type V4Reply } from '../../testing/v4';

/*
 * Contract conformance: for every operation of the route table, requests the
 * published document calls valid are generated from the document's own schemas, and the server
 * must agree: never a 400 (nor a 5xx), only statuses the operation documents, and a body that
 * matches the documented schema of that status. An external tester found 12 requests the old
 * document allowed and the server refused; each rule behind them is now in the document.
 *
 * A few rules are prose in the document, because no JSON Schema keyword holds them (a date
 * window that moves with today, a pair of query parameters, a numbering plan). The generator
 * applies exactly those, and the test checks the document still states each of them.
 */

const database = useTestDatabase();
const doc = buildOpenApiDocument() as any;
const DAY = 86_400_000;

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat('date', (v: string) => parseIsoDate(v) !== undefined);
ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const validators = new Map<unknown, ReturnType<typeof ajv.compile>>();
function validate(schema: JsonSchema, value: unknown): string | undefined {
  let check = validators.get(schema);
  if (!check) validators.set(schema, (check = ajv.compile(schema)));
  return check(value) ? undefined : ajv.errorsText(check.errors);
}

let token = '';
beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 20 });
  });
  token = (await signUpAndLogin()).token;
});

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

interface Generated {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: Record<string, unknown>;
  withToken: boolean;
}

const today = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};

/** "… at most 31 days." in a date parameter's description. */
function describedRangeDays(parameters: Parameter[]): number | undefined {
  const text = parameters.find((p) => p.name === 'to')?.description ?? '';
  const match = /covers at most (\d+) days/.exec(text);
  return match ? Number(match[1]) : undefined;
}

function parametersArbitrary(parameters: Parameter[], where: Parameter['in']) {
  const chosen = parameters.filter((p) => p.in === where && p.name !== 'Language');
  const model = Object.fromEntries(
    chosen.map((p) => {
      const options =
        p.schema.format === 'date'
          ? // "from yesterday (UTC) to 365 days ahead" (the description); a day's margin each side.
            { dateRange: { min: new Date(today()), max: new Date(today() + 364 * DAY) } }
          : { latin1: where === 'header' };
      return [p.name, arbitraryOf(p.schema, options)];
    }),
  );
  return fc.record(model, { requiredKeys: chosen.filter((p) => p.required).map((p) => p.name) });
}

/** Prose rules of the document (checked to be there in the first test below). */
function followsDescribedRules(id: V4RouteId, parameters: Parameter[], request: Generated): boolean {
  const q = request.query;
  const h = request.headers;
  // lat and lng (latitude and longitude) together or not at all.
  const lat = id === 'globalSearch' ? (h.latitude ?? q.latitude) : q.lat;
  const lng = id === 'globalSearch' ? (h.longitude ?? q.longitude) : q.lng;
  if ((lat === undefined) !== (lng === undefined)) return false;
  // `to` needs `from`, is not before it, and the range covers at most N days.
  const maxDays = describedRangeDays(parameters);
  if (maxDays !== undefined && q.to !== undefined) {
    if (q.from === undefined) return false;
    const span = (Date.parse(String(q.to)) - Date.parse(String(q.from))) / DAY;
    if (span < 0 || span >= maxDays) return false;
  }
  // A place is geocoded from exactly one of a suggestion id and free text.
  if (id === 'geoGeocode' && (q.id === undefined) === (q.q === undefined)) return false;
  // The typed text is at most 100 characters once decoded.
  if (typeof h.searchText === 'string' && h.searchText.length > 100) return false;
  return true;
}

/** A valid national number of the phone country: libphonenumber's own example. */
function phoneFor(country: string): fc.Arbitrary<string> {
  const example = getExampleNumber(country as CountryCode, phoneExamples)?.nationalNumber ?? '';
  return fc.constantFrom(example);
}

/** Replaces every `opaqueData` (saved cards, booking payments) with a fresh single-use sandbox token. */
function withCardTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withCardTokens);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === 'opaqueData'
        ? tokenizeSandboxCard({
            cardNumber: '4111111111111111',
            month: '12',
            year: String(new Date().getUTCFullYear() + 1),
            cardCode: '123',
          }).opaqueData
        : withCardTokens(inner),
    ]),
  );
}

function bodyArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const birthDescription = schema.properties?.dateOfBirth?.description ?? '';
  const birthRule = /at least (\d+) years before today/.exec(birthDescription);
  const options = birthRule
    ? { dateRange: { min: new Date('1900-01-01'), max: new Date(today() - (Number(birthRule[1]) * 365.25 + 2) * DAY) } }
    : /not in the future/.test(birthDescription)
      ? { dateRange: { min: new Date('1900-01-01'), max: new Date(today() - 2 * DAY) } }
      : {};
  let body = arbitraryOf(schema, options) as fc.Arbitrary<Record<string, unknown>>;
  if (JSON.stringify(schema).includes('single use'))
    body = body.map((value) => withCardTokens(value) as Record<string, unknown>);
  if (schema.properties?.phoneNumber?.description?.includes('numbering plan')) {
    body = body.chain((value) =>
      phoneFor(String(value.phoneCountry)).map((phoneNumber) => ({ ...value, phoneNumber })),
    );
  }
  // Practice listing requests: the mobile's numbering plan, the NPI's check digit and
  // the seeded specialties are rules the document states in prose.
  if (schema.properties?.mobileNumber?.description?.includes('numbering plan')) {
    body = body.chain((value) =>
      phoneFor(String(value.mobileCountry)).map((mobileNumber) => ({ ...value, mobileNumber })),
    );
  }
  if (schema.properties?.npi?.description?.includes('Luhn')) {
    body = body.chain((value) =>
      fc.integer({ min: 100_000_000, max: 299_999_999 }).map((base) => {
        const npi = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => `${base}${d}`).find(isValidNpi)!;
        return { ...value, npi };
      }),
    );
  }
  if (schema.properties?.specialtyIds?.description?.includes('GET /v4/specialties')) {
    body = body.chain((value) =>
      fc.subarray([1, 2, 3, 4, 5], { minLength: 1 }).map((specialtyIds) => ({ ...value, specialtyIds })),
    );
  }
  return body;
}

function requestArbitrary(id: V4RouteId, route: RouteContract, operation: any): fc.Arbitrary<Generated> {
  const parameters: Parameter[] = operation.parameters;
  const bodySchema = operation.requestBody?.content['application/json'].schema as JsonSchema | undefined;
  return fc
    .record({
      path: parametersArbitrary(parameters, 'path'),
      query: parametersArbitrary(parameters, 'query'),
      headers: parametersArbitrary(parameters, 'header'),
      ...(bodySchema ? { body: bodyArbitrary(bodySchema) } : {}),
      withToken: route.auth === 'optional' ? fc.boolean() : fc.constant(route.auth === true),
    })
    .filter((request) => followsDescribedRules(id, parameters, request as Generated)) as fc.Arbitrary<Generated>;
}

function send(route: RouteContract, request: Generated, sessionToken: string): Promise<V4Reply> {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(request.path[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) query.set(name, String(value));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
  const search = query.toString();
  return v4(route.method, `${path}${search ? `?${search}` : ''}`, {
    headers,
    body: request.body,
    token: request.withToken ? sessionToken : undefined,
    language: 'sp',
  });
}

/** Runs per operation: fewer where every valid request hashes a password (scrypt, 32 MiB). */
const RUNS: Partial<Record<V4RouteId, number>> = {
  login: 4,
  signUp: 4,
  changePassword: 3,
  logout: 3,
  sendResetEmail: 4,
  setNewPassword: 3,
  updateProfile: 8,
};

describe('the document states the rules the generator takes from prose', () => {
  it('lat/lng pairs, date windows and ranges, the age rule and the numbering plan', () => {
    const params = (path: string) => doc.paths[path].get.parameters as Parameter[];
    expect(params('/v4/favorites').find((p) => p.name === 'lat')?.description).toMatch(/together with `lng`/);
    expect(params('/v4/globalSearch').find((p) => p.name === 'latitude' && p.in === 'header')?.description).toMatch(
      /together with `longitude`/,
    );
    expect(params('/v4/providers').find((p) => p.name === 'from')?.description).toMatch(
      /from yesterday \(UTC\) to 365 days ahead/,
    );
    expect(describedRangeDays(params('/v4/providers'))).toBe(31);
    expect(describedRangeDays(params('/v4/providers/{id}/slots'))).toBe(14);
    const signUp = doc.paths['/v4/patientAppUser'].post.requestBody.content['application/json'].schema;
    expect(signUp.properties.dateOfBirth.description).toMatch(/at least 16 years before today/);
    expect(signUp.properties.phoneNumber.description).toMatch(/numbering plan/);
    const family = doc.paths['/v4/family'].post.requestBody.content['application/json'].schema;
    expect(family.properties.dateOfBirth.description).toMatch(/not in the future/);
    const card = doc.paths['/v4/cards'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(card.properties.opaqueData)).toMatch(/single use/);
    const geocode = doc.paths['/v4/geo/geocode'].get.parameters as Parameter[];
    expect(geocode.find((p) => p.name === 'id')?.description).toMatch(/exactly one of `id` and `q`/);
  });
});

/**
 * Multipart uploads are not generated here: a valid one needs real image bytes, and
 * lib/backend/images/images.test.ts sends them (and the refusals) for POST /v4/images.
 */
const GENERATED = (Object.keys(v4Routes) as V4RouteId[]).filter((id) => !('upload' in v4Routes[id]));

describe('requests the document calls valid are accepted (no 400), answered as documented', () => {
  it.each(GENERATED)('%s', async (id) => {
    const route = v4Routes[id] as RouteContract;
    const operation = doc.paths[route.path][route.method.toLowerCase()];
    await fc.assert(
      fc.asyncProperty(requestArbitrary(id, route, operation), async (request) => {
        // Generated values are checked against the document once more: only valid requests count.
        for (const p of operation.parameters as Parameter[]) {
          const value = (p.in === 'path' ? request.path : p.in === 'query' ? request.query : request.headers)[p.name];
          if (value !== undefined)
            expect(validate(p.schema, value), `${p.in} ${p.name}=${String(value)}`).toBeUndefined();
        }
        if (request.body) {
          expect(validate(operation.requestBody.content['application/json'].schema, request.body)).toBeUndefined();
        }
        // Logging out and deleting the account end the session they are given: each run gets its own.
        const sessionToken = id === 'logout' || id === 'deleteAccount' ? (await signUpAndLogin()).token : token;
        const reply = await send(route, request, sessionToken);
        const context = `${reply.status} ${JSON.stringify(reply.body)} for ${JSON.stringify(request)}`;
        expect(reply.status, context).not.toBe(400);
        expect(reply.status, context).toBeLessThan(500);
        const documented = operation.responses[String(reply.status)];
        expect(documented, `undocumented status: ${context}`).toBeDefined();
        const schema = documented.content['application/json'].schema;
        expect(validate(schema, reply.body), context).toBeUndefined();
      }),
      { numRuns: RUNS[id] ?? 15, seed: 20261125, endOnFailure: true },
    );
  });
});

describe('the mismatches the external tester found, one by one', () => {
  it('GET /v4/favorites?lng=5 blames the missing lat, ?lat=5 the missing lng', async () => {
    const lngOnly = await v4('GET', '/v4/favorites?lng=5', { token });
    expect(lngOnly.status).toBe(400);
    expect(lngOnly.body.fields).toEqual([{ path: 'lat', message: expect.any(String) }]);
    const latOnly = await v4('GET', '/v4/favorites?lat=5', { token });
    expect(latOnly.body.fields).toEqual([{ path: 'lng', message: expect.any(String) }]);
  });

  it('coordinates as clients print numbers (exponents, 17 digits) are accepted, out of range refused', async () => {
    for (const [lat, lng] of [
      ['1e-7', '-73.98'],
      ['40.30000000000000004', '-73.98'],
      ['-0', '0'],
    ]) {
      const reply = await v4('GET', `/v4/providers?lat=${lat}&lng=${lng}&pageSize=1`);
      expect(reply.status, `${lat},${lng}: ${JSON.stringify(reply.body)}`).toBe(200);
    }
    const out = await v4('GET', '/v4/providers?lat=90.5&lng=0');
    expect(out.body.fields).toEqual([{ path: 'lat', message: expect.any(String) }]);
    for (const junk of ['0x10', 'Infinity', '', '1e', '.', '1'.repeat(40)]) {
      expect((await v4('GET', `/v4/providers?lat=${junk}&lng=0`)).status, junk).toBe(400);
    }
  });

  it('0000-00-00 and 2026-13-01 are refused as a bad format, 2030-02-30 as no such day', async () => {
    const format = await v4('GET', '/v4/providers/1/slots?from=0000-00-00');
    expect(format.status).toBe(400);
    expect(format.body.fields).toEqual([{ path: 'from', message: expect.any(String) }]);
    const pattern = new RegExp(
      doc.paths['/v4/providers/{id}/slots'].get.parameters.find((p: Parameter) => p.name === 'from').schema.pattern,
    );
    expect(pattern.test('0000-00-00') || pattern.test('2026-13-01')).toBe(false);
  });

  it('lengths count characters, as the document does: a name of 50 emoji is accepted', async () => {
    const { signUpBody } = await import('../../testing/v4');
    const reply = await v4('POST', '/v4/patientAppUser', { body: signUpBody({ firstName: '😀'.repeat(50) }) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const tooLong = await v4('POST', '/v4/patientAppUser', { body: signUpBody({ firstName: '😀'.repeat(51) }) });
    expect(tooLong.body.fields).toEqual([{ path: 'firstName', message: expect.any(String) }]);
  });

  it("and so do the typeahead's text and country: 100 and 60 emoji are accepted", async () => {
    const text = encodeURIComponent('😀'.repeat(100));
    const country = encodeURIComponent('😀'.repeat(60));
    const reply = await v4('GET', `/v4/globalSearch?searchText=${text}&country=${country}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const header = await v4('GET', '/v4/globalSearch', { headers: { searchText: text } });
    expect(header.status, JSON.stringify(header.body)).toBe(200);
    const tooLong = await v4('GET', `/v4/globalSearch?searchText=${encodeURIComponent('😀'.repeat(101))}`);
    expect(tooLong.body.fields).toEqual([{ path: 'searchText', message: expect.any(String) }]);
  });
});

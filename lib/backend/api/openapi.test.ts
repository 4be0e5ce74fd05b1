import { describe, expect, it } from 'vitest';
import { v4Routes } from '../../contracts/routes';
import { v4 } from '../../testing/v4';

// The document is generated from lib/contracts alone: no database needed.

describe('GET /v4/openapi.json', () => {
  it('serves an OpenAPI 3.1.0 document', async () => {
    const reply = await v4('GET', '/v4/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(reply.body.openapi).toBe('3.1.0');
    expect(reply.body.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(reply.body.components.securitySchemes.authToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-auth-token',
    });
  });

  it.each(Object.entries(v4Routes))('lists %s with its method, auth, body and statuses', async (id, route) => {
    const { body: doc } = await v4('GET', '/v4/openapi.json');
    const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
    expect(operation, `${route.method} ${route.path}`).toBeDefined();
    expect(operation.operationId).toBe(id);
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining([String(route.status), '400', ...route.errors.map(String)]),
    );
    // Explicit everywhere: public calls say `security: []`, protected ones the apiKey scheme.
    expect(operation.security).toEqual(
      route.auth === true ? [{ authToken: [] }] : route.auth === 'optional' ? [{}, { authToken: [] }] : [],
    );
    expect(Boolean(operation.requestBody)).toBe('body' in route || 'upload' in route);
    // The request id: accepted on every call, and named in every answer, success or error.
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ name: 'x-request-id', in: 'header', required: false }),
    );
    for (const [status, response] of Object.entries(operation.responses as Record<string, { headers: object }>)) {
      expect(response.headers, `${id} ${status}`).toHaveProperty('x-request-id');
    }
    expect(operation.responses['503'].headers).toHaveProperty('Retry-After');
    for (const match of route.path.matchAll(/\{(\w+)\}/g)) {
      expect(operation.parameters).toContainEqual(
        expect.objectContaining({ name: match[1], in: 'path', required: true }),
      );
    }
  });

  it('has no operations beyond the contract routes', async () => {
    const { body: doc } = await v4('GET', '/v4/openapi.json');
    const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = Object.values(v4Routes).map((r) => `${r.method} ${r.path}`);
    expect(listed.sort()).toEqual(expected.sort());
  });

  it('describes request bodies as closed objects with their required fields', async () => {
    const { body: doc } = await v4('GET', '/v4/openapi.json');
    const signUp = doc.paths['/v4/patientAppUser'].post.requestBody.content['application/json'].schema;
    expect(signUp.type).toBe('object');
    expect(signUp.additionalProperties).toBe(false);
    expect(signUp.required).toEqual(expect.arrayContaining(['email', 'password', 'acceptTerms', 'dateOfBirth']));
    const login = doc.paths['/v4/session'].put.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(expect.arrayContaining(['email', 'password']));
    const error = doc.paths['/v4/session'].put.responses['401'].content['application/json'].schema;
    expect(error.required).toEqual(expect.arrayContaining(['message', 'errorCode']));
  });

  it('names no fixed host: a relative server URL, the same document for every host', async () => {
    const reply = await v4('GET', '/v4/openapi.json', { headers: { host: 'evil.example' } });
    expect(reply.body.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(JSON.stringify(reply.body)).not.toMatch(/localhost|evil\.example|http:\/\/test/);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('states the ranges, formats and patterns the server enforces', async () => {
    const { body: doc } = await v4('GET', '/v4/openapi.json');
    const param = (path: string, name: string, where = 'query') =>
      doc.paths[path].get.parameters.find((p: { name: string; in: string }) => p.name === name && p.in === where);
    expect(param('/v4/providers', 'page').schema).toEqual({ type: 'integer', minimum: 1, maximum: 300 });
    expect(param('/v4/providers', 'pageSize').schema).toEqual({ type: 'integer', minimum: 1, maximum: 50 });
    expect(param('/v4/clinics', 'radius').schema).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
    expect(param('/v4/providers', 'carrier').schema).toMatchObject({ type: 'integer', minimum: 1 });
    expect(param('/v4/providers', 'plan').schema).toMatchObject({ type: 'integer', minimum: 1 });
    expect(param('/v4/providers', 'lat').schema).toEqual({ type: 'number', minimum: -90, maximum: 90 });
    expect(param('/v4/providers', 'lng').schema).toEqual({ type: 'number', minimum: -180, maximum: 180 });
    expect(param('/v4/favorites', 'lat').description).toMatch(/`lng`/);
    expect(param('/v4/providers/{id}', 'id', 'path').schema).toMatchObject({ type: 'integer', minimum: 1 });
    const from = param('/v4/providers/{id}/slots', 'from');
    expect(from.schema.format).toBe('date');
    expect(new RegExp(from.schema.pattern).test('0000-00-00')).toBe(false);
    expect(new RegExp(from.schema.pattern).test('2030-02-28')).toBe(true);
    const language = param('/v4/countries', 'Language', 'header');
    expect(language.description).toMatch(/falls back to English/);
    const body = doc.paths['/v4/patientAppUser'].post.requestBody.content['application/json'].schema;
    expect(body.properties.email).toMatchObject({ format: 'email', pattern: expect.any(String) });
    expect(body.properties.password).toMatchObject({ minLength: 8, maxLength: 128, pattern: expect.any(String) });
    expect(new RegExp(body.properties.password.pattern).test('Secret123')).toBe(true);
    expect(new RegExp(body.properties.password.pattern).test('secret123')).toBe(false);
    expect(body.properties.dateOfBirth).toMatchObject({ format: 'date', pattern: expect.any(String) });
    expect(body.properties.phoneNumber.description).toMatch(/numbering plan/);
    expect(body.allOf).toContainEqual({
      if: { properties: { phoneCountry: { const: 'AU' } }, required: ['phoneCountry'] },
      then: { properties: { phoneNumber: { maxLength: 9 } } },
    });
  });

  it('documents the optional token of globalSearch', async () => {
    const { body: doc } = await v4('GET', '/v4/openapi.json');
    const search = doc.paths['/v4/globalSearch'].get;
    expect(search.security).toEqual([{}, { authToken: [] }]);
    expect(search.description).toMatch(/x-auth-token/);
  });

  it('answers other methods with 405 in the one error shape', async () => {
    const reply = await v4('POST', '/v4/openapi.json', { body: {} });
    expect(reply.status).toBe(405);
    expect(reply.body).toMatchObject({ errorCode: 'methodNotAllowed', message: expect.any(String) });
  });
});

describe('uploads and binary answers in the document', () => {
  it('describes POST /v4/images as multipart with its limits, and GET /v4/images/{id} as image bytes', async () => {
    const { body: doc } = await v4('GET', '/v4/openapi.json');
    const upload = doc.paths['/v4/images'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.required).toEqual(['purpose', 'images']);
    expect(upload.properties.images).toMatchObject({ type: 'array', minItems: 1, maxItems: 5 });
    expect(upload.properties.purpose.enum).toEqual(['profile', 'teeth', 'insurance']);
    expect(Object.keys(doc.paths['/v4/images/{id}'].get.responses['200'].content).sort()).toEqual([
      'image/jpeg',
      'image/png',
    ]);
  });
});

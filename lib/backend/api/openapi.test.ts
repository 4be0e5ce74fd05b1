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
    expect(reply.body.components.securitySchemes.authToken).toEqual({ type: 'apiKey', in: 'header', name: 'x-auth-token' });
  });

  it.each(Object.entries(v4Routes))('lists %s with its method, auth, body and statuses', async (id, route) => {
    const { body: doc } = await v4('GET', '/v4/openapi.json');
    const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
    expect(operation, `${route.method} ${route.path}`).toBeDefined();
    expect(operation.operationId).toBe(id);
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining([String(route.status), '400', ...route.errors.map(String)]),
    );
    expect(Boolean(operation.security)).toBe(route.auth);
    expect(Boolean(operation.requestBody)).toBe('body' in route || 'upload' in route);
    for (const match of route.path.matchAll(/\{(\w+)\}/g)) {
      expect(operation.parameters).toContainEqual(expect.objectContaining({ name: match[1], in: 'path', required: true }));
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
    expect(Object.keys(doc.paths['/v4/images/{id}'].get.responses['200'].content).sort()).toEqual(['image/jpeg', 'image/png']);
  });
});

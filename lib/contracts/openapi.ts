import { z } from 'zod';
import { apiErrorSchema } from './errors';
import { v4Routes, type RouteContract } from './routes';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input (malformed JSON, missing, extra, oversized or wrongly typed fields)',
  401: 'Missing, wrong or expired token, or wrong credentials',
  403: 'Forbidden',
  404: 'Not found',
  412: 'Precondition failed',
  413: 'Body too large',
  415: 'Body is not JSON',
  429: 'Too many attempts',
  500: 'Unexpected error',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
}

/** One OpenAPI parameter per property of an object schema (query strings, headers). */
function objectParameters(schema: z.ZodType | undefined, location: 'query' | 'header') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** OpenAPI 3.1 document generated from the contracts (never written by hand; STYLE.md habit 3). */
export function buildOpenApiDocument(serverUrl = '/') {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorBody = { content: { 'application/json': { schema: jsonSchema(apiErrorSchema, 'output') } } };
  for (const [id, route] of Object.entries(v4Routes) as [string, RouteContract][]) {
    const params = [
      ...[...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1], in: 'path', required: true, schema: { type: 'string' },
      })),
      ...objectParameters(route.query, 'query'),
      ...objectParameters(route.headers, 'header'),
    ];
    const responses: Record<string, unknown> = {
      [route.status]: {
        description: 'Success',
        content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
      },
    };
    for (const status of [400, ...route.errors, 500]) {
      responses[status] = {
        description: STATUS_TEXT[status] ?? 'Error',
        // Every 429 says when to try again (lib/docs/decisions/login-throttling.md).
        ...(status === 429
          ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } } }
          : {}),
        ...errorBody,
      };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: id,
      summary: route.summary,
      parameters: [
        ...params,
        { name: 'Language', in: 'header', required: false, schema: { type: 'string', enum: ['en', 'sp'] } },
        ...(route.auth ? [] : []),
      ],
      ...(route.auth ? { security: [{ authToken: [] }] } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dental booking /v4 API',
      version: '4.0.0',
      description:
        'Patient-facing API used by the web app (through its backend-for-frontend) and mobile apps. ' +
        'Errors are `{ message, errorCode }`; `Language: en | sp` picks the language of messages.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'x-auth-token' } },
    },
    paths,
  };
}

import { z } from 'zod';
import { apiErrorSchema } from './errors';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from './request-id';
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
  503: 'The database, the card gateway or the file store is away for a moment: try again later',
};

type JsonSchema = Record<string, unknown>;
interface ObjectJsonSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest;
}

/** True when a JSON Schema constrains anything (zod answers `{}` for a transform's output). */
function constrains(schema: JsonSchema | undefined): schema is JsonSchema {
  return !!schema && Object.keys(schema).some((key) => key !== 'description');
}

/**
 * One OpenAPI parameter per property of an object schema (path, query string, headers).
 * Values travel as text, but the document states what they mean: the parsed side of the
 * contract (an integer with its range, a number with its bounds, a date with its pattern), and
 * the accepted strings where the parsed side is a transform (booleans as true/false/1/0).
 */
function objectParameters(schema: z.ZodType | undefined, location: 'path' | 'query' | 'header') {
  if (!schema) return [];
  const input = jsonSchema(schema, 'input') as ObjectJsonSchema;
  const output = jsonSchema(schema, 'output') as ObjectJsonSchema;
  return Object.entries(input.properties ?? {}).map(([name, inputProperty]) => {
    const outputProperty = output.properties?.[name];
    const { description, ...property } = constrains(outputProperty) ? outputProperty : inputProperty;
    return {
      name,
      in: location,
      required: location === 'path' || (input.required?.includes(name) ?? false),
      ...(description ? { description } : {}),
      schema: property,
    };
  });
}

/** A multipart body: the text fields of the contract plus the files, with their limits. */
function uploadBody(upload: NonNullable<RouteContract['upload']>) {
  const fields = jsonSchema(upload.fields, 'input') as ObjectJsonSchema;
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            ...fields.properties,
            [upload.field]: {
              type: 'array',
              minItems: 1,
              maxItems: upload.maxFiles,
              items: { type: 'string', contentMediaType: 'application/octet-stream' },
              description: `PNG or JPEG files, each under ${upload.maxFileBytes / (1024 * 1024)} MB (the type is read from the bytes).`,
            },
          },
          required: [...(fields.required ?? []), upload.field],
        },
      },
    },
  };
}

/** Sent by every client; the server never refuses a value (lib/i18n/languages.ts). */
const LANGUAGE_PARAMETER = {
  name: 'Language',
  in: 'header',
  required: false,
  description:
    'Language of messages and names: `en` (English) or `sp` (Spanish; `es` is read as Spanish too). ' +
    'Any other value, or none, falls back to English; it is never refused.',
  schema: { type: 'string', examples: ['en', 'sp'] },
};

const REQUEST_ID_PARAMETER = {
  name: REQUEST_ID_HEADER,
  in: 'header',
  required: false,
  description:
    "The request's id, kept when it is a short token of safe characters (a proxy's or the caller's own, " +
    'so one id follows a request through every hop); otherwise the server makes one up. Every line the ' +
    'server logs while answering carries it.',
  schema: { type: 'string', pattern: REQUEST_ID_PATTERN.source },
};

/** Every answer, success or error, names the request it answers, as sent or made up. */
const REQUEST_ID_RESPONSE_HEADER = {
  [REQUEST_ID_HEADER]: {
    description: 'The id of the request this answers: the one sent in `x-request-id`, or a new UUID',
    schema: { type: 'string' },
  },
};

/** OpenAPI security: explicit on every operation, so a public call says it is public. */
function security(auth: RouteContract['auth']) {
  if (auth === true) return [{ authToken: [] }];
  // An empty requirement makes the token optional: anonymous, or the user's own search.
  if (auth === 'optional') return [{}, { authToken: [] }];
  return [];
}

/**
 * OpenAPI 3.1 document generated from the contracts (never written by hand; STYLE.md habit 3).
 * It states what the server enforces: a request it calls valid is never answered 400
 * (lib/backend/api/openapi-contract.test.ts), and it passes Redocly's recommended rules
 * (lib/backend/api/openapi-lint.test.ts). The server URL is relative (`/`, the spec's
 * default): the document names whichever host served it, so it never says localhost, and a
 * cached copy cannot carry a Host header someone else sent.
 */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorBody = { content: { 'application/json': { schema: jsonSchema(apiErrorSchema, 'output') } } };
  for (const [id, route] of Object.entries(v4Routes) as [string, RouteContract][]) {
    const responses: Record<string, unknown> = {
      [route.status]: {
        description: 'Success',
        headers: REQUEST_ID_RESPONSE_HEADER,
        content: route.binaryResponse
          ? Object.fromEntries(
              route.binaryResponse.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
            )
          : { 'application/json': { schema: jsonSchema(route.response, 'output') } },
      },
    };
    // Any call that reads or writes the database may meet it restarting (lib/db/connection-errors.ts).
    const errorStatuses = [...new Set([400, ...route.errors, 500, 503])].sort((a, b) => a - b);
    for (const status of errorStatuses) {
      responses[status] = {
        description: STATUS_TEXT[status] ?? 'Error',
        headers: {
          ...REQUEST_ID_RESPONSE_HEADER,
          // Every 429 says when to try again (lib/docs/decisions/login-throttling.md); a 503 does
          // when the wait is known (a database restart, busy image processing).
          ...(status === 429 || status === 503
            ? {
                'Retry-After': {
                  description:
                    status === 429
                      ? 'Seconds to wait before trying again'
                      : 'Seconds to wait before trying again, when the server knows',
                  required: status === 429,
                  schema: { type: 'integer', minimum: 1 },
                },
              }
            : {}),
        },
        ...errorBody,
      };
    }
    const description =
      route.auth === 'optional'
        ? 'Works without a token; send `x-auth-token` to search your favourites (`favorite`) or as yourself (`userId`).'
        : undefined;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: id,
      summary: route.summary,
      ...(description ? { description } : {}),
      security: security(route.auth),
      parameters: [
        ...objectParameters(route.params, 'path'),
        ...objectParameters(route.query, 'query'),
        ...objectParameters(route.headers, 'header'),
        LANGUAGE_PARAMETER,
        REQUEST_ID_PARAMETER,
      ],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      ...(route.upload ? { requestBody: uploadBody(route.upload) } : {}),
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
        'Errors are `{ message, errorCode }`; the `Language` header picks the language of messages. ' +
        'Unknown query parameters and body fields are refused, and a query parameter may be given once.',
    },
    servers: [{ url: '/', description: 'The host that serves this document' }],
    components: {
      securitySchemes: {
        authToken: {
          type: 'apiKey',
          in: 'header',
          name: 'x-auth-token',
          description: 'The token from PUT /v4/session',
        },
      },
    },
    paths,
  };
}

import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDbForTesting, type Db } from '../../db/client';
import { v4 } from '../../testing/v4';

/*
 * A PostgreSQL that is restarting or out of reach is a moment's outage, not a fault of the
 * request: every /v4 route answers 503 in the error shape with Retry-After, never a 500 with a
 * stack. The pool points at a port nothing listens on (connection refused, as during a restart).
 */
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
pool.on('error', () => undefined);

beforeAll(() => {
  setDbForTesting({ db: drizzle(pool) as unknown as Db, close: () => pool.end() });
});
afterAll(async () => {
  setDbForTesting(undefined);
  await pool.end();
});

describe('a /v4 request while the database cannot be reached', () => {
  it.each([
    ['GET', '/v4/specialties', undefined],
    ['PUT', '/v4/session', { email: 'someone@example.com', password: 'Secret123' }],
    ['GET', '/v4/appointments?tab=upcoming', undefined],
  ])('%s %s answers 503 with Retry-After, translated, without details', async (method, path, body) => {
    const reply = await v4(method, path, {
      body,
      token: path.startsWith('/v4/appointments') ? 'a-token-of-someone' : undefined,
      language: 'es',
    });
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('5');
    expect(reply.body).toEqual({
      errorCode: 'databaseUnavailable',
      message: 'El servicio no está disponible por un momento. Inténtelo de nuevo en unos segundos.',
      retryAfterSeconds: 5,
    });
  });
});

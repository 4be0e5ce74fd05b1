import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors';

/** An error as Drizzle throws it: its own message, the driver's error as `cause`. */
function wrapped(cause: unknown): Error {
  return Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
}

describe('isDatabaseUnavailable', () => {
  it('knows a restarted or unreachable PostgreSQL, also behind Drizzle', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
  });

  it('leaves every other error to the usual handling', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('syntax error'), { code: '42601' })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});

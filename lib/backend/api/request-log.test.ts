import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLogs } from '../../testing/log-capture';
import { v4 } from '../../testing/v4';
import { countries } from '../reference/reference-service';

/*
 * Every /v4 answer carries its request id (x-request-id), and an unexpected error is logged
 * under that id with the route and the stack, while the answer stays the one error shape.
 */

vi.mock('../reference/reference-service', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../reference/reference-service')>();
  return { ...actual, countries: vi.fn(async () => []) };
});

afterEach(() => {
  vi.mocked(countries)
    .mockReset()
    .mockImplementation(async () => []);
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the request id of /v4', () => {
  it('is made up for a request without one, and differs between requests', async () => {
    const first = await v4('GET', '/v4/countries');
    const second = await v4('GET', '/v4/countries');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-request-id')).toMatch(UUID);
    expect(second.headers.get('x-request-id')).toMatch(UUID);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it("keeps a proxy's safe id and replaces an unsafe one", async () => {
    const kept = await v4('GET', '/v4/countries', { headers: { 'x-request-id': 'lb-4f2a9c' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-4f2a9c');
    const replaced = await v4('GET', '/v4/countries', { headers: { 'x-request-id': '<script>alert(1)</script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
  });

  it('is on the answers the dispatcher gives itself: 404, 405, OPTIONS and HEAD', async () => {
    for (const [method, path] of [
      ['GET', '/v4/no-such-thing'],
      ['DELETE', '/v4/countries'],
      ['OPTIONS', '/v4/countries'],
      ['HEAD', '/v4/countries'],
    ] as const) {
      const reply = await v4(method, path, { headers: { 'x-request-id': `r-${method}` } });
      expect(reply.headers.get('x-request-id'), `${method} ${path}`).toBe(`r-${method}`);
    }
  });

  it('is logged with the route and the stack when the handler fails unexpectedly; the answer has no stack', async () => {
    const logs = captureLogs();
    vi.mocked(countries).mockRejectedValueOnce(new Error('reference table unreadable'));
    const reply = await v4('GET', '/v4/countries', { headers: { 'x-request-id': 'trace-500' } });
    expect(reply.status).toBe(500);
    expect(reply.headers.get('x-request-id')).toBe('trace-500');
    expect(Object.keys(reply.body).sort()).toEqual(['errorCode', 'message']);
    expect(reply.body.errorCode).toBe('internal');
    expect(JSON.stringify(reply.body)).not.toMatch(/reference table unreadable|\bat\s/);

    const errors = logs.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      requestId: 'trace-500',
      route: 'countries',
      method: 'GET',
      path: '/v4/countries',
      err: { type: 'Error', message: 'reference table unreadable' },
    });
    expect(errors[0]!.err.stack).toMatch(/^Error: reference table unreadable\n\s+at /);
  });

  it('does not log expected errors (the one error shape with its own status)', async () => {
    const logs = captureLogs();
    const reply = await v4('GET', '/v4/patientAppUser', { headers: { 'x-request-id': 'no-token' } });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('x-request-id')).toBe('no-token');
    expect(logs.filter((line) => line.level === 'error')).toEqual([]);
  });
});

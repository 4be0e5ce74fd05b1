import { afterEach, describe, expect, it, vi } from 'vitest';
import { countries } from '../backend/reference/reference-service';
import { captureLogs } from '../testing/log-capture';
import { bffRoute } from './route';

/*
 * The BFF's request id: sent back in x-request-id, passed on to /v4 so both sides log one
 * request under one id, and on the log line of an unexpected error.
 */

vi.mock('next/headers', () => import('../testing/next-headers-mock'));
vi.mock('../backend/reference/reference-service', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../backend/reference/reference-service')>();
  return { ...actual, countries: vi.fn(async () => []) };
});

afterEach(() => {
  vi.mocked(countries)
    .mockReset()
    .mockImplementation(async () => []);
});

function request(path: string, headers: Record<string, string> = {}) {
  return new Request(`http://app.test${path}`, { headers: { host: 'app.test', ...headers } });
}

describe('the request id of /api', () => {
  it('is sent back, and /v4 logs under the same id', async () => {
    const { GET } = await import('../../app/api/countries/route');
    const ok = await GET(request('/api/countries', { 'x-request-id': 'browser-1' }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('browser-1');

    const logs = captureLogs();
    vi.mocked(countries).mockRejectedValueOnce(new Error('no countries today'));
    const failed = await GET(request('/api/countries'));
    expect(failed.status).toBe(500);
    const id = failed.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.filter((line) => line.level === 'error')).toEqual([
      expect.objectContaining({ requestId: id, route: 'countries', err: expect.objectContaining({ type: 'Error' }) }),
    ]);
  });

  it("logs a BFF handler's unexpected error with the id and answers the one error shape", async () => {
    const logs = captureLogs();
    const GET = bffRoute({
      handle: async () => {
        throw new TypeError('cannot read the relay');
      },
    });
    const reply = await GET(request('/api/broken', { 'x-request-id': 'bff-500' }));
    expect(reply.status).toBe(500);
    expect(reply.headers.get('x-request-id')).toBe('bff-500');
    const body = await reply.json();
    expect(Object.keys(body).sort()).toEqual(['errorCode', 'message']);
    expect(JSON.stringify(body)).not.toContain('cannot read the relay');
    expect(logs).toEqual([
      expect.objectContaining({
        level: 'error',
        requestId: 'bff-500',
        path: '/api/broken',
        err: expect.objectContaining({ type: 'TypeError', stack: expect.stringMatching(/^TypeError: cannot read/) }),
      }),
    ]);
  });
});

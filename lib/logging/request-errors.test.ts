import { describe, expect, it } from 'vitest';
import { captureLogs } from '../testing/log-capture';
import { logRequestError } from './request-errors';

describe('logRequestError (Next’s onRequestError)', () => {
  it('logs a failed page render under the id the middleware gave the request, without its query', () => {
    const lines = captureLogs();
    logRequestError(
      new Error('database away'),
      { path: '/es/provider-details/7?name=Ana', method: 'GET', headers: { 'x-request-id': 'lb-1234' } },
      {
        routerKind: 'App Router',
        routePath: '/[locale]/provider-details/[id]',
        routeType: 'render',
        revalidateReason: undefined,
      },
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      msg: 'request failed',
      requestId: 'lb-1234',
      method: 'GET',
      path: '/es/provider-details/7',
      route: '/[locale]/provider-details/[id]',
      routeType: 'render',
      err: { message: 'database away' },
    });
  });
});

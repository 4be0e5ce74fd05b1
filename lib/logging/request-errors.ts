import 'server-only';
import { logger } from './logger';
import { REQUEST_ID_HEADER } from './request-id';
import type { Instrumentation } from 'next';

type Args = Parameters<Instrumentation.onRequestError>;

/**
 * One line at `error` for an error Next met while answering: the request's id (from the header
 * the middleware set), the route's pattern and kind, and the error with its stack. The path's
 * query string is left out: it may hold what a person typed.
 */
export function logRequestError(error: Args[0], request: Args[1], context: Args[2]): void {
  const id = request.headers[REQUEST_ID_HEADER];
  logger.error(
    {
      err: error,
      requestId: Array.isArray(id) ? id[0] : id,
      method: request.method,
      path: request.path.split('?')[0],
      route: context.routePath,
      routeType: context.routeType,
    },
    'request failed',
  );
}

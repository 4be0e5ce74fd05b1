import 'server-only';
import { v4Routes, type V4RouteId } from '../../contracts/routes';
import { ApiError } from '../errors';
import { errorResponse } from '../http/handler';
import { localeOfRequest } from '../../i18n/translate';
import { openApiHandler, v4Handlers } from './handlers';

const compiled = (Object.keys(v4Routes) as V4RouteId[]).map((id) => {
  const route = v4Routes[id];
  const names: string[] = [];
  const pattern = new RegExp(
    '^' + route.path.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)')) + '/?$',
  );
  return { id, method: route.method as string, pattern, names };
});

const OPENAPI_PATH = /^\/v4\/openapi\.json\/?$/;

/**
 * The methods a /v4 path answers (RFC 9110 `Allow`): those of the route table for that path,
 * with HEAD beside GET (Next answers HEAD from GET). Empty when no route has the path.
 */
export function v4AllowedMethods(pathname: string): string[] {
  const methods = new Set<string>();
  if (OPENAPI_PATH.test(pathname)) methods.add('GET');
  for (const route of compiled) if (route.pattern.test(pathname)) methods.add(route.method);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/** A 405 that says what the path does answer, as RFC 9110 section 15.5.6 requires. */
export function methodNotAllowed(request: Request, pathname: string): Response {
  const response = errorResponse(new ApiError('methodNotAllowed'), localeOfRequest(request));
  response.headers.set('allow', v4AllowedMethods(pathname).join(', '));
  return response;
}

/**
 * Answers a /v4 request in-process, exactly as the HTTP route files would. The BFF uses it
 * when V4_API_URL is unset, and the API tests use it to exercise every route.
 */
export async function dispatchV4(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  // The OpenAPI document is not one of the contract routes (it describes them), but it has a
  // place in the route table; it is answered here like every other /v4 path.
  if (OPENAPI_PATH.test(pathname)) {
    return request.method === 'GET' ? openApiHandler(request) : methodNotAllowed(request, pathname);
  }
  let pathMatched = false;
  for (const route of compiled) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    pathMatched = true;
    if (route.method !== request.method) continue;
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
    } catch {
      return errorResponse(new ApiError('notFound'), localeOfRequest(request)); // malformed %-escape
    }
    return v4Handlers[route.id](request, { params: Promise.resolve(params) });
  }
  if (pathMatched) return methodNotAllowed(request, pathname);
  return errorResponse(new ApiError('notFound'), localeOfRequest(request));
}

// One dispatcher per process. In production serve.mjs loads the backend through tsx for the /v4
// fast path before Next loads any route; Next's own bundle carries another copy of these modules.
// Both the BFF's in-process client and the /v4 route file ask for the dispatcher registered
// first, so in-memory state (the outbox sender, the caches) exists once.
const dispatcherKey = Symbol.for('dental-booking.v4-dispatcher');
type GlobalWithDispatcher = typeof globalThis & { [dispatcherKey]?: (request: Request) => Promise<Response> };
(globalThis as GlobalWithDispatcher)[dispatcherKey] ??= dispatchV4;

/** The process's one /v4 dispatcher (see above). */
export function processDispatcher(): (request: Request) => Promise<Response> {
  return (globalThis as GlobalWithDispatcher)[dispatcherKey] ?? dispatchV4;
}

import 'server-only';
import { v4AllowedMethods } from '../../contracts/route-methods';
import { v4Routes, type V4RouteId } from '../../contracts/routes';
import { ApiError } from '../errors';
import { errorResponse } from './v4-handler';
import { localeOfRequest } from '../../i18n/translate';
import { withRequestLog } from '../../logging/logger';
import { openApiHandler, v4Handlers } from './handlers';

export { v4AllowedMethods };

const compiled = (Object.keys(v4Routes) as V4RouteId[]).map((id) => {
  const route = v4Routes[id];
  const names: string[] = [];
  const pattern = new RegExp(
    '^' + route.path.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)')) + '/?$',
  );
  return { id, method: route.method as string, pattern, names };
});

const OPENAPI_PATH = /^\/v4\/openapi\.json\/?$/;

/** A 405 that says what the path does answer, as RFC 9110 section 15.5.6 requires. */
export function methodNotAllowed(request: Request, pathname: string): Response {
  const response = errorResponse(new ApiError('methodNotAllowed'), localeOfRequest(request));
  response.headers.set('allow', v4AllowedMethods(pathname).join(', '));
  return response;
}

/** HEAD is GET without the body (RFC 9110 section 9.3.2): same status and headers. */
async function withoutBody(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  if (response.body && !headers.has('content-length')) {
    headers.set('content-length', String((await response.arrayBuffer()).byteLength));
  } else await response.body?.cancel();
  return new Response(null, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Answers a /v4 request: the route file app/v4/[...rest]/route.ts passes every method here, the
 * BFF calls it in-process when V4_API_URL is unset, and the API tests exercise every route
 * through it. HEAD runs the GET route and drops the body; OPTIONS lists the path's methods, the
 * same list a 405 carries in `Allow`.
 */
export function dispatchV4(request: Request): Promise<Response> {
  // Every answer carries the request's id (x-request-id), and so does every line logged for it.
  return withRequestLog(request, () => answerV4(request));
}

async function answerV4(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const allowed = v4AllowedMethods(pathname);
  if (allowed.length === 0) return errorResponse(new ApiError('notFound'), localeOfRequest(request));
  if (request.method === 'OPTIONS') {
    return new Response(null, { status: 204, headers: { allow: allowed.join(', '), 'cache-control': 'no-store' } });
  }
  if (request.method === 'HEAD') {
    if (!allowed.includes('GET')) return methodNotAllowed(request, pathname);
    return withoutBody(await answerV4(new Request(request.url, { method: 'GET', headers: request.headers })));
  }
  // The OpenAPI document is not one of the contract routes (it describes them), but it has a
  // place in the route table; it is answered here like every other /v4 path.
  if (OPENAPI_PATH.test(pathname)) {
    return request.method === 'GET' ? openApiHandler(request) : methodNotAllowed(request, pathname);
  }
  for (const route of compiled) {
    if (route.method !== request.method) continue;
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
    } catch {
      return errorResponse(new ApiError('notFound'), localeOfRequest(request)); // malformed %-escape
    }
    return v4Handlers[route.id](request, { params: Promise.resolve(params) });
  }
  return methodNotAllowed(request, pathname);
}

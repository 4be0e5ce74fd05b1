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

/**
 * Answers a /v4 request in-process, exactly as the HTTP route files would. The BFF uses it
 * when V4_API_URL is unset, and the API tests use it to exercise every route.
 */
export async function dispatchV4(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  // The OpenAPI document is not one of the contract routes (it describes them), but it has a
  // route file of its own (app/v4/openapi.json); without this the in-process answer was a 404.
  if (/^\/v4\/openapi\.json\/?$/.test(pathname)) {
    return request.method === 'GET'
      ? openApiHandler(request)
      : errorResponse(new ApiError('methodNotAllowed'), localeOfRequest(request));
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
  return errorResponse(new ApiError(pathMatched ? 'methodNotAllowed' : 'notFound'), localeOfRequest(request));
}

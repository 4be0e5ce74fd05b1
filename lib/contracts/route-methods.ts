import { v4Routes } from './routes';

/** The /v4 paths as patterns with the method each answers (`{name}` matches one segment). */
const patterns = Object.values(v4Routes).map((route) => ({
  method: route.method as string,
  pattern: new RegExp('^' + route.path.replace(/\{\w+\}/g, '[^/]+') + '/?$'),
}));

const OPENAPI_PATH = /^\/v4\/openapi\.json\/?$/;

/**
 * The methods a /v4 path answers (RFC 9110 `Allow`): those of the route table for that path,
 * HEAD beside GET, and OPTIONS, which lists them. Empty when no route has the path. Here rather
 * than in the backend so the production server's edge can answer an unknown method (TRACE)
 * without loading the backend a second time.
 */
export function v4AllowedMethods(pathname: string): string[] {
  const methods = new Set<string>();
  if (OPENAPI_PATH.test(pathname)) methods.add('GET');
  for (const route of patterns) if (route.pattern.test(pathname)) methods.add(route.method);
  if (methods.size === 0) return [];
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].sort();
}

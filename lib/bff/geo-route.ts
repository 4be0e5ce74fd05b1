import 'server-only';
import { isLocale, type Locale } from '../i18n/languages';
import { withRequestLog } from '../logging/logger';
import { callV4 } from './v4-client';
import type { V4RouteId } from '../contracts/routes';

/** Answers are the same for everyone: the browser and shared caches may keep them. */
const CACHE_CONTROL = 'public, max-age=3600';

function errorLocale(request: Request, url: URL): Locale {
  const fromQuery = url.searchParams.get('locale');
  if (isLocale(fromQuery)) return fromQuery;
  const header = request.headers.get('x-locale');
  return isLocale(header) ? header : 'en';
}

/**
 * A public, read-only GET under /api/geo relayed to its /v4 call (/v4/geo/*), the query passed
 * on as it is. No session: location search works before login and must not touch the cookie.
 */
export function geoRoute(id: V4RouteId) {
  return (request: Request): Promise<Response> =>
    withRequestLog(request, async () => {
      const url = new URL(request.url);
      const result = await callV4(id, { query: url.searchParams, locale: errorLocale(request, url) });
      if (result.ok) return Response.json(result.data, { headers: { 'cache-control': CACHE_CONTROL } });
      return Response.json(result.error, { status: result.status, headers: { 'cache-control': 'no-store' } });
    });
}

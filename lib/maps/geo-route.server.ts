import 'server-only';
import type { z } from 'zod';
import { ApiError } from '../http/errors';
import { errorResponse, validationError } from '../http/json';
import { isLocale, type Locale } from '../i18n/languages';

/** Answers are the same for everyone and change only with a deployment (or the provider). */
const CACHE_CONTROL = 'public, max-age=3600';

function errorLocale(request: Request, url: URL): Locale {
  const fromQuery = url.searchParams.get('locale');
  if (isLocale(fromQuery)) return fromQuery;
  const header = request.headers.get('x-locale');
  return isLocale(header) ? header : 'en';
}

/**
 * A public, read-only GET handler under /api/geo: the query string parsed with the contract
 * schema, one service call, JSON out. Bad input answers 400 in the one error shape (STYLE.md
 * habit 7). No session: location search works before login and must not touch the cookie.
 */
export function geoRoute<TSchema extends z.ZodType>(schema: TSchema, handle: (query: z.output<TSchema>) => Promise<unknown>) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const locale = errorLocale(request, url);
    try {
      const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
      if (!parsed.success) {
        throw new ApiError('badRequest', 'geo.invalidRequest', { fields: validationError(parsed.error).extra.fields });
      }
      return Response.json(await handle(parsed.data), { headers: { 'cache-control': CACHE_CONTROL } });
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, locale);
      console.error('[geo] unexpected error', url.pathname, error);
      return errorResponse(new ApiError('internal'), locale);
    }
  };
}

import 'server-only';
import { ApiError } from '../http/errors';
import { clientIp, databaseUnavailable, errorResponse, parseBody } from '../http/json';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { isLocale, type Locale } from '../i18n/languages';
import { serverEnv } from '../config/server-env';
import { logger, withRequestLog } from '../logging/logger';
import { getSession } from './session';
import { isSessionActive } from './session-config';
import type { z } from 'zod';
import type { V4Result } from './v4-client';
import type { IronSession } from 'iron-session';
import type { SessionData } from './session-config';

export interface BffContext<TBody> {
  request: Request;
  locale: Locale;
  body: TBody;
  params: Record<string, string>;
  ip: string;
  session: IronSession<SessionData>;
  /** The live session's token; present when the route was declared with `auth: true`. */
  token: string | undefined;
}

function localeOf(request: Request): Locale {
  const header = request.headers.get('x-locale');
  if (isLocale(header)) return header;
  const cookie = /(?:^|;\s*)NEXT_LOCALE=(\w+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  return isLocale(cookie) ? cookie : 'en';
}

/**
 * Refuses state-changing requests from other origins (and with no or a `null` Origin): the
 * session cookie is SameSite=Lax, and this closes the remaining cross-site paths. The host
 * compared with is the Host header; X-Forwarded-Host only behind configured proxies
 * (TRUST_PROXY_HOPS), as a client can send that header itself. The production server
 * also removes it from untrusted requests (lib/custom-server/edge.ts).
 */
function assertSameOrigin(request: Request): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') throw new ApiError('forbidden');
  const forwardedHost = serverEnv().TRUST_PROXY_HOPS > 0 ? request.headers.get('x-forwarded-host') : null;
  const host = forwardedHost ?? request.headers.get('host');
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new ApiError('forbidden');
  }
  if (!host || originHost !== host) throw new ApiError('forbidden');
}

/**
 * Sends a /v4 result on: data as JSON, errors in the one shape with their status. A 429's
 * Retry-After is rebuilt from the body's retryAfterSeconds (the /v4 client keeps bodies, not
 * headers), so /api answers it exactly as /v4 does.
 */
export function relay<T>(result: V4Result<T>, map: (data: T) => unknown = (d) => d): Response {
  if (result.ok)
    return Response.json(map(result.data), { status: result.status, headers: { 'cache-control': 'no-store' } });
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (result.error.retryAfterSeconds) headers['retry-after'] = String(result.error.retryAfterSeconds);
  return Response.json(result.error, { status: result.status, headers });
}

/**
 * A BFF route handler: origin check, body parsed with the shared contract, the session's
 * token found (and checked when `auth`), and the cookie cleared on any 401 from /v4 (the
 * spec's session-handling routine, section 7). Handlers never return the token.
 */
export function bffRoute<TSchema extends z.ZodType | undefined = undefined>(options: {
  body?: TSchema;
  auth?: boolean;
  handle: (ctx: BffContext<TSchema extends z.ZodType ? z.output<TSchema> : undefined>) => Promise<Response>;
}) {
  const answer = async (request: Request, context?: { params?: Promise<Record<string, string>> }) => {
    const locale = localeOf(request);
    try {
      assertSameOrigin(request);
      const session = await getSession();
      const active = isSessionActive(session);
      if (options.auth && !active) {
        if (session.token) session.destroy();
        throw new ApiError(session.token ? 'sessionExpired' : 'notAuthorized');
      }
      if (active) {
        session.lastSeen = Date.now();
        await session.save();
      }
      const body = options.body ? await parseBody(request, options.body) : undefined;
      const response = await options.handle({
        request,
        locale,
        body: body as never,
        params: (await context?.params) ?? {},
        ip: clientIp(request),
        session,
        token: active ? session.token : undefined,
      });
      if (response.status === 401 && session.token) session.destroy();
      return response;
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, locale);
      if (isDatabaseUnavailable(error)) return databaseUnavailable(request, error, locale);
      logger.error(
        { err: error, method: request.method, path: new URL(request.url).pathname },
        'unexpected error answering /api',
      );
      return errorResponse(new ApiError('internal'), locale);
    }
  };
  // The request's id goes back in x-request-id, on to /v4 (lib/bff/v4-client.ts), and into
  // every line logged while answering.
  return (request: Request, context?: { params?: Promise<Record<string, string>> }): Promise<Response> =>
    withRequestLog(request, () => answer(request, context));
}

import 'server-only';
import type { z } from 'zod';
import { ApiError } from '../../http/errors';
import { clientIp, errorResponse, parseBody } from '../../http/json';
import { localeOfRequest } from '../../i18n/translate';
import type { Locale } from '../../i18n/languages';
import { authenticate, type AuthenticatedSession } from '../services/auth-service';

export { errorResponse };

export interface V4Context<TBody, TAuth extends boolean> {
  request: Request;
  locale: Locale;
  body: TBody;
  params: Record<string, string>;
  ip: string;
  auth: TAuth extends true ? AuthenticatedSession : undefined;
}

interface HandlerOptions<TSchema extends z.ZodType | undefined, TAuth extends boolean> {
  body?: TSchema;
  auth?: TAuth;
  status?: number;
  handle: (ctx: V4Context<TSchema extends z.ZodType ? z.output<TSchema> : undefined, TAuth>) => Promise<unknown>;
}

export type V4Handler = (
  request: Request,
  context?: { params?: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

/**
 * Wraps a /v4 handler: authenticate by `x-auth-token`, parse the body with its contract, call
 * the service, answer JSON. Every failure leaves as `{ message, errorCode }`; an unexpected
 * error is logged and answered with a generic 500, never a stack trace.
 */
export function v4Handler<TSchema extends z.ZodType | undefined = undefined, TAuth extends boolean = false>(
  options: HandlerOptions<TSchema, TAuth>,
): V4Handler {
  return async (request, context) => {
    const locale = localeOfRequest(request);
    try {
      const rawParams = (await context?.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]),
      );
      const auth = options.auth ? await authenticate(request.headers.get('x-auth-token')) : undefined;
      const body = options.body ? await parseBody(request, options.body) : undefined;
      const result = await options.handle({ request, locale, body, params, ip: clientIp(request), auth } as V4Context<
        never,
        TAuth
      >);
      if (result instanceof Response) return result;
      return Response.json(result ?? {}, { status: options.status ?? 200, headers: { 'cache-control': 'no-store' } });
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, locale);
      console.error('[v4] unexpected error', request.method, new URL(request.url).pathname, error);
      return errorResponse(new ApiError('internal'), locale);
    }
  };
}

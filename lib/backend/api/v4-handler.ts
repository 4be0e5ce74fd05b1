import 'server-only';
import { v4Routes, type V4RouteId } from '../../contracts/routes';
import { ApiError } from '../../http/errors';
import { clientIp, discardBody, errorResponse, parseBody } from '../../http/json';
import { parseQuery } from '../../http/query';
import { localeOfRequest } from '../../i18n/translate';
import { logger } from '../../logging/logger';
import { authenticate, type AuthenticatedSession } from '../auth/auth-service';
import { readUpload, uploadBodyLimit, type Upload, type UploadedFile, type UploadLimits } from '../../http/upload';
import { uploadSlots, uploadSpoolDir } from '../images/processing-slots';
import { databaseUnavailable, validationError } from '../../http/json';
import { isDatabaseUnavailable } from '../../db/connection-errors';
import type { Locale } from '../../i18n/languages';
import type { z } from 'zod';

export { errorResponse };

type Route<Id extends V4RouteId> = (typeof v4Routes)[Id];
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
/** The JSON body the route declares, or the text fields of its multipart upload. */
type BodyOf<R> = R extends { body: infer S }
  ? Output<S>
  : R extends { upload: { fields: infer F } }
    ? Output<F>
    : undefined;
type QueryOf<R> = R extends { query: infer S } ? Output<S> : undefined;
type AuthOf<R> = R extends { auth: true }
  ? AuthenticatedSession
  : R extends { auth: 'optional' }
    ? AuthenticatedSession | undefined
    : undefined;

/** What a /v4 handler receives, typed from its route's entry in lib/contracts/routes.ts. */
export interface V4Context<Id extends V4RouteId> {
  request: Request;
  locale: Locale;
  /** The body, checked by the route's `body` schema (or its upload's `fields`). */
  body: BodyOf<Route<Id>>;
  /** The query string, checked by the route's `query` schema when first read. */
  query: QueryOf<Route<Id>>;
  params: Record<string, string>;
  ip: string;
  /** The session: required by `auth: true`; for `'optional'`, present when a token is sent. */
  auth: AuthOf<Route<Id>>;
  /** The files of a multipart upload (routes declared with `upload`), already within the limits. */
  files: UploadedFile[];
}

export type V4Handler = ((
  request: Request,
  context?: { params?: Promise<Record<string, string | string[]>> },
) => Promise<Response>) & { routeId?: V4RouteId };

/**
 * Wraps the /v4 handler of one route of the table: what the route declares there (auth, body or
 * upload, query, success status) is applied here and never repeated by the handler. It
 * authenticates by `x-auth-token`, parses the body with its contract, calls the handler, and
 * answers JSON. Every failure leaves as `{ message, errorCode }`; an unexpected error is logged
 * and answered with a generic 500, never a stack trace.
 */
export function v4Handler<Id extends V4RouteId>(id: Id, handle: (ctx: V4Context<Id>) => Promise<unknown>): V4Handler {
  const route: {
    auth: boolean | 'optional';
    body?: z.ZodType;
    query?: z.ZodType;
    status: number;
    upload?: UploadLimits & { fields: z.ZodType };
  } = v4Routes[id];
  const handler: V4Handler = async (request, context) => {
    const locale = localeOfRequest(request);
    let upload: Upload | undefined;
    try {
      const rawParams = (await context?.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]),
      );
      const token = request.headers.get('x-auth-token');
      const auth = route.auth === true || (route.auth === 'optional' && token) ? await authenticate(token) : undefined;
      const answer = async () => {
        let body: unknown;
        let files: UploadedFile[] = [];
        if (route.upload) {
          upload = await readUpload(request, { ...route.upload, spoolDir: uploadSpoolDir() });
          const fields = route.upload.fields.safeParse(upload.fields);
          if (!fields.success) throw validationError(fields.error);
          body = fields.data;
          files = upload.files;
        } else if (route.body) {
          body = await parseBody(request, route.body);
        }
        let query: unknown;
        const ctx = {
          request,
          locale,
          body,
          params,
          ip: clientIp(request),
          auth,
          files,
          // Read when the handler asks, so a handler that checks something first (an office key)
          // answers that before a bad query.
          get query() {
            if (route.query && query === undefined) query = parseQuery(request, route.query);
            return query;
          },
        } as V4Context<Id>;
        return handle(ctx);
      };
      // An upload takes its place before its body is read, so one past the bound costs no parsing.
      const result = route.upload ? await uploadSlots().run(answer) : await answer();
      if (result instanceof Response) return result;
      return Response.json(result ?? {}, { status: route.status, headers: { 'cache-control': 'no-store' } });
    } catch (error) {
      // A body the answer did not need is read and dropped first, or the client, still sending,
      // could see the connection reset instead of this answer; an upload's within its own limit.
      await discardBody(request, route.upload ? uploadBodyLimit(route.upload) : undefined);
      if (error instanceof ApiError) return errorResponse(error, locale);
      if (isDatabaseUnavailable(error)) return databaseUnavailable(request, error, locale);
      // The stack goes to the log, with the route and (from the request's scope) its id; the
      // answer says only that something went wrong.
      logger.error(
        { err: error, route: id, method: request.method, path: new URL(request.url).pathname },
        'unexpected error answering /v4',
      );
      return errorResponse(new ApiError('internal'), locale);
    } finally {
      await upload?.dispose();
    }
  };
  handler.routeId = id;
  return handler;
}

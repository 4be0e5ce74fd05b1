import 'server-only';
import type { z } from 'zod';
import { ApiError } from '../../http/errors';
import { clientIp, errorResponse, parseBody } from '../../http/json';
import { localeOfRequest } from '../../i18n/translate';
import type { Locale } from '../../i18n/languages';
import { authenticate, type AuthenticatedSession } from '../auth/auth-service';
import { readUpload, type UploadedFile } from '../../http/upload';
import { validationError } from '../../http/json';

export { errorResponse };

export interface V4Context<TBody, TAuth extends boolean> {
  request: Request;
  locale: Locale;
  body: TBody;
  params: Record<string, string>;
  ip: string;
  auth: TAuth extends true ? AuthenticatedSession : undefined;
  /** The files of a multipart upload (routes declared with `upload`), already within the limits. */
  files: UploadedFile[];
}

interface HandlerOptions<TSchema extends z.ZodType | undefined, TAuth extends boolean> {
  /** A JSON body checked by this contract schema. */
  body?: TSchema;
  /**
   * A multipart/form-data body instead: its text fields are checked by `fields` (and arrive as
   * `body`), its files are read as they stream in and cut off at the limits (lib/http/upload.ts).
   */
  upload?: { fields: TSchema; maxFiles: number; maxFileBytes: number };
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
      let body: unknown;
      let files: UploadedFile[] = [];
      if (options.upload) {
        const upload = await readUpload(request, options.upload);
        const fields = options.upload.fields!.safeParse(upload.fields);
        if (!fields.success) throw validationError(fields.error);
        body = fields.data;
        files = upload.files;
      } else if (options.body) {
        body = await parseBody(request, options.body);
      }
      const result = await options.handle({ request, locale, body, params, ip: clientIp(request), auth, files } as V4Context<
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

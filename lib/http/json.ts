import 'server-only';
import { ApiError, type FieldMessage } from './errors';
import { translate } from '../i18n/translate';
import { logger } from '../logging/logger';
import type { z } from 'zod';
import type { ApiErrorBody } from '../contracts/errors';
import type { Locale } from '../i18n/languages';
import type { MessageKey } from '../i18n/message-keys';

/** Bodies of this API are small forms; anything bigger is refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

export function errorResponse(error: ApiError, locale: Locale): Response {
  const seconds = error.extra.retryAfterSeconds ?? 60;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  // A day-long block reads "24 hours", not "1440 minutes".
  const messageKey =
    error.messageKey === 'api.tooManyAttempts' && seconds > 90 * 60 ? 'api.tooManyAttemptsHours' : error.messageKey;
  const body: ApiErrorBody = {
    message: translate(locale, messageKey, { minutes, hours: Math.ceil(seconds / 3600) }),
    errorCode: error.errorCode,
    ...(error.extra.fields
      ? // Field messages are the keys zod schemas carry (lib/contracts/validation.ts); an unknown one reads as itself.
        {
          fields: error.extra.fields.map((f) => ({
            path: f.path,
            message: translate(locale, f.message as MessageKey, f.values),
          })),
        }
      : {}),
    ...(error.extra.retryAfterSeconds ? { retryAfterSeconds: error.extra.retryAfterSeconds } : {}),
  };
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (error.extra.retryAfterSeconds) headers['retry-after'] = String(error.extra.retryAfterSeconds);
  return Response.json(body, { status: error.status, headers });
}

/**
 * How much of an oversized body is still read, and thrown away, before the 413 is answered. A
 * server that answers while the client is still sending and then closes makes the client see a
 * connection reset instead of the answer; past this bound the connection is closed anyway.
 */
export const MAX_DISCARDED_BODY_BYTES = 16 * 1024 * 1024;

/** How long a refused body is still read before the answer goes out anyway. */
const DISCARD_MS = 2000;

/**
 * Drops the body of a request refused before its body was read (401, 415, a declared 413, an
 * upload refused as busy), up to `limit` bytes (MAX_DISCARDED_BODY_BYTES unless the route accepts
 * larger bodies, as uploads do) or two seconds, for the same reason as readJson does. Nothing of it
 * is kept.
 */
export async function discardBody(request: Request, limit = MAX_DISCARDED_BODY_BYTES): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  const declared = Number(request.headers.get('content-length') ?? '0');
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    return;
  }
  if (declared > limit) {
    await reader.cancel().catch(() => undefined);
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, DISCARD_MS)));
  await Promise.race([discardRest(reader, 0, limit), timeout]);
  clearTimeout(timer);
}

/** Reads what is left of a body and drops it, up to `limit` bytes in all. */
async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  alreadyRead: number,
  limit = MAX_DISCARDED_BODY_BYTES,
): Promise<void> {
  let size = alreadyRead;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to answer.
  }
}

/** Reads a JSON body: JSON content type, at most MAX_BODY_BYTES (even when the length header lies), valid JSON. */
export async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new ApiError('unsupportedMediaType');
  const declared = Number(request.headers.get('content-length') ?? '0');
  const reader = request.body?.getReader();
  if (declared > MAX_BODY_BYTES) {
    if (reader && declared <= MAX_DISCARDED_BODY_BYTES) await discardRest(reader, 0);
    else await reader?.cancel().catch(() => undefined);
    throw new ApiError('payloadTooLarge');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await discardRest(reader, size);
        throw new ApiError('payloadTooLarge');
      }
      chunks.push(value);
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ApiError('badRequest', 'api.malformedJson');
  }
}

/** Turns zod issues into field errors that carry message keys (translated in errorResponse). */
/** Seconds a client is asked to wait when the database is briefly away (a restart takes a few). */
const DATABASE_RETRY_SECONDS = 5;

/**
 * The answer to a request that met a database restart or outage (lib/db/connection-errors.ts):
 * 503 with Retry-After in the error shape, not a 500, since the request itself was fine. Logged
 * in one line: the stack says nothing the message does not.
 */
export function databaseUnavailable(request: Request, error: unknown, locale: Locale): Response {
  const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
  logger.warn({ method: request.method, path: new URL(request.url).pathname, cause }, 'database unavailable');
  return errorResponse(
    new ApiError('databaseUnavailable', 'api.databaseUnavailable', { retryAfterSeconds: DATABASE_RETRY_SECONDS }),
    locale,
  );
}

export function validationError(error: z.ZodError): ApiError {
  const fields = error.issues.map((issue): FieldMessage => {
    if (issue.code === 'unrecognized_keys') return { path: issue.keys.join(','), message: 'validation.unknownField' };
    const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    const path = issue.path.join('.');
    // A too-long value is told its limit ("at most 40 characters"), never cut to fit.
    const max =
      issue.code === 'too_big' ? Number(issue.maximum) : issue.code === 'custom' ? Number(issue.params?.max) : NaN;
    if (key === 'validation.tooLong' && Number.isFinite(max))
      return { path, message: 'validation.tooLongMax', values: { max } };
    return { path, message: key };
  });
  return new ApiError('badRequest', 'api.badRequest', { fields });
}

export async function parseBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const parsed = schema.safeParse(await readJson(request));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function clientIp(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || request.headers.get('x-real-ip') || 'unknown';
}

import 'server-only';
import { v4Path, v4Routes, type V4RouteId } from '../contracts/routes';
import { apiErrorSchema, type ApiErrorBody } from '../contracts/errors';
import { LANGUAGE_KEYS, type Locale } from '../i18n/languages';
import { serverEnv } from '../config/server-env';
import { currentRequestId, logger } from '../logging/logger';
import { REQUEST_ID_HEADER } from '../logging/request-id';

export type V4Result<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiErrorBody };

export interface V4CallOptions {
  params?: Record<string, string>;
  /** Query string parameters (passed on as given; /v4 validates them). */
  query?: URLSearchParams | Record<string, string | undefined>;
  /** Extra request headers some calls read (globalSearch: searchText, latitude, longitude, country). */
  headers?: Record<string, string | undefined>;
  body?: unknown;
  token?: string;
  locale: Locale;
  /** The browser's address, forwarded so per-address throttling sees the real client. */
  clientIp?: string;
}

/** The BFF's request id goes on to /v4, so both sides log one request under one id. */
function passRequestId(headers: Headers): void {
  const requestId = currentRequestId();
  if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
}

const FALLBACK_ERROR: ApiErrorBody = {
  message: 'Something went wrong ! Please try again later',
  errorCode: 'internal',
};

/**
 * The one /v4 client of the server side. In-process by default (no HTTP to itself); over
 * HTTP when V4_API_URL points at another deployment of the API.
 */
export async function callV4<T = unknown>(id: V4RouteId, options: V4CallOptions): Promise<V4Result<T>> {
  const route = v4Routes[id];
  const base = serverEnv().V4_API_URL;
  const headers = new Headers({ Language: LANGUAGE_KEYS[options.locale], accept: 'application/json' });
  for (const [name, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers.set(name, value);
  if (options.token) headers.set('x-auth-token', options.token);
  if (options.clientIp) headers.set('x-forwarded-for', options.clientIp);
  passRequestId(headers);
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  const url = new URL(v4Path(id, options.params), base ?? 'http://in-process.invalid');
  const query = options.query instanceof URLSearchParams ? options.query : Object.entries(options.query ?? {});
  for (const [name, value] of query) if (value !== undefined) url.searchParams.append(name, value);
  const init: RequestInit = {
    method: route.method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    cache: 'no-store',
  };
  let response: Response;
  try {
    if (base) {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    } else {
      const { dispatchV4 } = await import('../backend/api/dispatch');
      response = await dispatchV4(new Request(url, init));
    }
  } catch (error) {
    logger.error({ err: error, route: id }, '/v4 unreachable');
    return { ok: false, status: 502, error: FALLBACK_ERROR };
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  const parsed = apiErrorSchema.safeParse(payload);
  return { ok: false, status: response.status, error: parsed.success ? parsed.data : FALLBACK_ERROR };
}

/**
 * Forwards a request whose body or answer is not JSON (uploads, image bytes) to /v4 as a stream:
 * the BFF never buffers an upload, and /v4 enforces the limits while reading
 * (lib/http/upload.ts). The answer comes back as it is (bytes, or the one error shape).
 */
export async function forwardV4(
  id: V4RouteId,
  options: Omit<V4CallOptions, 'body' | 'query' | 'headers'> & {
    body?: ReadableStream<Uint8Array> | null;
    contentType?: string | null;
    contentLength?: string | null;
  },
): Promise<Response> {
  const route = v4Routes[id];
  const base = serverEnv().V4_API_URL;
  const headers = new Headers({ Language: LANGUAGE_KEYS[options.locale] });
  if (options.token) headers.set('x-auth-token', options.token);
  if (options.clientIp) headers.set('x-forwarded-for', options.clientIp);
  passRequestId(headers);
  if (options.contentType) headers.set('content-type', options.contentType);
  if (options.contentLength) headers.set('content-length', options.contentLength);
  const url = new URL(v4Path(id, options.params), base ?? 'http://in-process.invalid');
  const init: RequestInit & { duplex?: 'half' } = {
    method: route.method,
    headers,
    body: options.body ?? undefined,
    cache: 'no-store',
    ...(options.body ? { duplex: 'half' as const } : {}),
  };
  try {
    if (base) return await fetch(url, init);
    const { dispatchV4 } = await import('../backend/api/dispatch');
    return await dispatchV4(new Request(url, init));
  } catch (error) {
    logger.error({ err: error, route: id }, '/v4 unreachable');
    return Response.json(FALLBACK_ERROR, { status: 502, headers: { 'cache-control': 'no-store' } });
  }
}

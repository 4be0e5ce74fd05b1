import type { z } from 'zod';
import type { ApiErrorBody } from '../contracts/errors';

/** Literal texts of SPEC.md section 8, used when no server message is available. */
export const NETWORK_ERROR = 'Network Error';

/** An error answered by the BFF (`{ message, errorCode }` with its status), or a network failure (status 0). */
export class ClientApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
  ) {
    super(body?.message ?? NETWORK_ERROR);
  }
  get errorCode() {
    return this.body?.errorCode;
  }
  get isNetworkError() {
    return this.status === 0;
  }
}

function currentLocale(): string {
  if (typeof document === 'undefined') return 'en';
  return document.documentElement.lang === 'es' ? 'es' : 'en';
}

/**
 * The one error shape, checked by hand rather than with the contract's zod schema: this module
 * is in every page's first load (the header's user query), and zod would add more JavaScript
 * than the public pages' budget allows. Callers only read message and errorCode.
 */
function isApiErrorBody(payload: unknown): payload is ApiErrorBody {
  if (typeof payload !== 'object' || payload === null) return false;
  const { message, errorCode } = payload as Record<string, unknown>;
  return typeof message === 'string' && typeof errorCode === 'string';
}

/**
 * fetch to the BFF under /api. The session cookie rides along (same origin); the token never
 * reaches this code. `x-locale` picks the language of server messages.
 */
export async function apiFetch<T>(
  path: string,
  options: { method?: string; body?: unknown; schema?: z.ZodType<T>; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers: {
        accept: 'application/json',
        'x-locale': currentLocale(),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ClientApiError(0, undefined);
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ClientApiError(response.status, isApiErrorBody(payload) ? payload : undefined);
  return options.schema ? options.schema.parse(payload) : (payload as T);
}

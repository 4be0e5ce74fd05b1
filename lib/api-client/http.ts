import type { z } from 'zod';
import { apiErrorSchema, type ApiErrorBody } from '../contracts/errors';

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
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw new ClientApiError(response.status, parsed.success ? parsed.data : undefined);
  }
  return options.schema ? options.schema.parse(payload) : (payload as T);
}

import 'server-only';
import { ApiError } from './errors';
import { validationError } from './json';
import type { z } from 'zod';

/**
 * Parses the query string with its contract. A parameter given twice is refused (the
 * contracts take single values), and keys land on a prototype-less object so `__proto__`
 * is just an unknown parameter.
 */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.output<T> {
  const values: Record<string, string> = Object.create(null);
  const repeated = new Set<string>();
  for (const [key, value] of new URL(request.url).searchParams) {
    if (Object.prototype.hasOwnProperty.call(values, key)) repeated.add(key);
    values[key] = value;
  }
  if (repeated.size) {
    throw new ApiError('badRequest', 'api.badRequest', {
      fields: [...repeated].map((path) => ({ path, message: 'validation.invalid' })),
    });
  }
  const parsed = schema.safeParse({ ...values });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Reads the named headers (case-insensitively) and parses them with their contract. */
export function parseHeaders<T extends z.ZodType>(request: Request, schema: T, names: readonly string[]): z.output<T> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers.get(name);
    if (value !== null) values[name] = value;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * Header values travel as Latin-1. Clients may percent-encode text (encodeURIComponent), or
 * send raw UTF-8 bytes, which arrive as mojibake ("NÃºÃ±ez"): both are turned back into text.
 */
export function headerText(value: string): string {
  if (/%[0-9a-f]{2}/i.test(value)) {
    try {
      return decodeURIComponent(value);
    } catch {
      // Not percent-encoding after all: keep the value as typed.
    }
  }
  if (/[\u00c2-\u00f4][\u0080-\u00bf]/.test(value) && !/[^\u0000-\u00ff]/.test(value)) {
    const decoded = Buffer.from(value, 'latin1').toString('utf8');
    if (!decoded.includes('\ufffd')) return decoded;
  }
  return value;
}

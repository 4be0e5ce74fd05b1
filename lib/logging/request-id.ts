/**
 * The request id every /v4 and /api answer carries and every log line written while answering it
 * repeats (lib/logging/logger.ts). Free of server-only imports and of pino, so the middleware can
 * stamp page requests with it too.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy or the BFF already gave the request is kept, so one id follows it through every
 * hop; only a short token of safe characters, since it is echoed into a response header and
 * written into every log line.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The request's own id when it is a safe token, otherwise a fresh UUID. */
export function requestIdOf(headers: Headers): string {
  const incoming = headers.get(REQUEST_ID_HEADER);
  return incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from '../contracts/request-id';

/*
 * Free of server-only imports and of pino, so the middleware can stamp page requests with it too.
 */
export { REQUEST_ID_HEADER };

/** The request's own id when it is a safe token, otherwise a fresh UUID. */
export function requestIdOf(headers: Headers): string {
  const incoming = headers.get(REQUEST_ID_HEADER);
  return incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : crypto.randomUUID();
}

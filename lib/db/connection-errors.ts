/**
 * Whether an error says the database could not be reached or ended the session (a restart, a
 * failover, a full connection table), rather than that the statement was wrong. The request
 * that met it did not fail for its own reasons: it is answered 503 with Retry-After, and the
 * pool opens fresh connections for the next one. Drizzle wraps the driver's error in `cause`.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
// SQLSTATE: class 08 (connection exception); admin_shutdown, crash_shutdown, cannot_connect_now;
// too_many_connections.
const SQL_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
// What node-postgres says when a connection ends under a query or cannot be had in time.
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQL_STATES.has(code) || /^08/.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

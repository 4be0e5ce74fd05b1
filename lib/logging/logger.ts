import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Bindings, type DestinationStream, type Level, type LevelWithSilent, type Logger } from 'pino';
import { LOG_LEVELS } from '../config/server-env';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';

/**
 * The server's one logger (STYLE.md habit 16): JSON lines on stdout, one object per event, with
 * the level by name and an ISO time. Whatever a request or a job logs, however deep in the
 * services, carries that request's id or that job's name: the handler wrappers run each request
 * in a scope (AsyncLocalStorage) that holds a child logger bound to it, and `logger` writes
 * through the scope's child. Outside any scope it writes through the root.
 *
 * Errors go under `err` (`logger.error({ err }, 'what failed')`): pino writes their type,
 * message and stack.
 */

// Checked at start-up with the rest of the configuration; a wrong value that gets here anyway
// (a test, a script) logs at the default level rather than failing.
function isLogLevel(value: string | undefined): value is LevelWithSilent {
  return (LOG_LEVELS as readonly (string | undefined)[]).includes(value);
}

/** A logger with the app's format; to stdout unless given another destination (tests). */
export function createLogger(
  destination?: DestinationStream,
  level: LevelWithSilent = isLogLevel(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info',
): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

interface Scope {
  logger: Logger;
  requestId?: string;
}

interface LogState {
  root: Logger;
  scope: AsyncLocalStorage<Scope>;
}

// One root and one scope per process, even where a bundler gives this module more than one copy
// (Next's route bundles, the custom server's own tsx load): a scope opened by one copy is seen by
// every other.
const STATE = Symbol.for('dental-booking.logger');
const state: LogState =
  ((globalThis as Record<symbol, unknown>)[STATE] as LogState | undefined) ??
  ((globalThis as Record<symbol, unknown>)[STATE] = {
    root: createLogger(),
    scope: new AsyncLocalStorage<Scope>(),
  } satisfies LogState);

function current(): Logger {
  return state.scope.getStore()?.logger ?? state.root;
}

function writeAt(level: Level): Logger[Level] {
  return function (this: unknown, ...args: unknown[]) {
    const target = current();
    (target[level] as (...a: unknown[]) => void).apply(target, args);
  } as Logger[Level];
}

/** Logs through the current request's or job's child logger, or the root outside any scope. */
export const logger: Pick<Logger, Level> = {
  fatal: writeAt('fatal'),
  error: writeAt('error'),
  warn: writeAt('warn'),
  info: writeAt('info'),
  debug: writeAt('debug'),
  trace: writeAt('trace'),
};

/** Runs `fn` with every line it logs carrying `bindings` as well (a job's name, say). */
export function withLogContext<T>(bindings: Bindings, fn: () => T): T {
  const outer = state.scope.getStore();
  return state.scope.run({ logger: current().child(bindings), requestId: outer?.requestId }, fn);
}

/** The id of the request being answered, to pass on to the calls it makes (the BFF to /v4). */
export function currentRequestId(): string | undefined {
  return state.scope.getStore()?.requestId;
}

/**
 * Answers a request inside its own log scope: its id is taken from a safe `x-request-id` or made
 * up, bound to every line logged while answering, and sent back in the answer's `x-request-id`.
 */
export async function withRequestLog(request: Request, answer: () => Promise<Response>): Promise<Response> {
  const requestId = requestIdOf(request.headers);
  const response = await state.scope.run({ logger: state.root.child({ requestId }), requestId }, answer);
  return withRequestIdHeader(response, requestId);
}

function withRequestIdHeader(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    // Some answers' headers are immutable (Response.redirect, a fetched answer): copy it.
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}

/** Tests: log through `replacement` (an in-memory destination) until the returned function is called. */
export function replaceRootLogger(replacement: Logger): () => void {
  const previous = state.root;
  state.root = replacement;
  return () => {
    state.root = previous;
  };
}

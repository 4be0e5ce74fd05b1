/**
 * The /v4 API answered straight from the dispatcher (lib/backend/api/dispatch.ts) instead of
 * through Next's router, route module and web-stream response pipe (README "Decisions": "The
 * /v4 API skips Next's request pipeline"). The route files under app/v4 call the same
 * dispatcher, so the answers are the same; what Next adds on the way out is added here from
 * the build's own manifests: the headers of next.config.mjs (routes-manifest.json), Next's Vary
 * header of app routes, and gzip/deflate as Next's compression does. Anything this cannot
 * answer exactly as Next would (HEAD, OPTIONS, the OpenAPI document, a path a redirect, rewrite
 * or the middleware matcher applies to) goes to Next unchanged.
 *
 * Loaded by serve.mjs through tsx (the backend is TypeScript), in the same process as Next: the
 * database handle is shared through globalThis (lib/db/client.ts).
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { processDispatcher } from '../backend/api/dispatch';
import { ApiError } from '../backend/errors';
import { errorResponse } from '../backend/http/handler';
import { localeFromLanguageKey } from '../i18n/languages';

interface HeaderRule {
  regex: string;
  headers: { key: string; value: string }[];
  has?: unknown[];
  missing?: unknown[];
}

interface RoutesManifest {
  caseSensitive?: boolean;
  headers?: HeaderRule[];
  redirects?: { regex: string }[];
  rewrites?: { regex: string }[] | { beforeFiles?: { regex: string }[]; afterFiles?: { regex: string }[]; fallback?: { regex: string }[] };
}

interface MiddlewareMatchers {
  functions?: Record<string, { matchers?: { regexp: string }[] }>;
  middleware?: Record<string, { matchers?: { regexp: string }[] }>;
}

/** Next's Vary header of app route responses (base-server.ts setVaryHeader), then compression's. */
const APP_ROUTE_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';

const FAST_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** /v4 and one or more plain segments: no empty, dot or dot-dot segment, no trailing slash. */
const V4_PATH = /^\/v4(?:\/(?!(?:\.|%2e){1,2}(?:\/|$))[A-Za-z0-9\-._~!$&'()*+,;=:@%]+)+$/i;

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Content codings as Next's compression middleware picks them: gzip, then deflate, by q-value. */
function chooseEncoding(accept: string | undefined): 'gzip' | 'deflate' | undefined {
  if (!accept) return undefined;
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name, qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const of = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  const best = (['gzip', 'deflate'] as const).reduce<'gzip' | 'deflate' | undefined>(
    (chosen, name) => (of(name) > 0 && (!chosen || of(name) > of(chosen)) ? name : chosen),
    undefined,
  );
  if (!best) return undefined;
  // An explicit identity preferred over both means no compression.
  return q.has('identity') && q.get('identity')! > of(best) ? undefined : best;
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

/** Whether part of the request body was never read (the request stream has not ended). */
function hasUnreadBody(req: IncomingMessage): boolean {
  return !req.readableEnded && !req.destroyed && !(req.complete && req.readableLength === 0);
}

/** What a refused body may still send before the connection is closed instead of kept. */
const DISCARD_MAX_BYTES = 1024 * 1024;
const DISCARD_MAX_MS = 2000;

/**
 * Reads and drops the rest of a body the handler did not read, so the connection stays usable
 * for the client's next request; false when more than DISCARD_MAX_BYTES or DISCARD_MAX_MS
 * would be spent on it.
 */
function discardRest(req: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    const done = (drained: boolean) => {
      clearTimeout(timer);
      req.off('data', count);
      req.off('end', ended);
      req.off('error', failed);
      if (!drained) req.pause();
      resolve(drained);
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DISCARD_MAX_BYTES) done(false);
    };
    const ended = () => done(true);
    const failed = () => done(false);
    const timer = setTimeout(() => done(false), DISCARD_MAX_MS);
    req.on('data', count);
    req.once('end', ended);
    req.once('error', failed);
    req.resume();
  });
}

/**
 * The request body as a web stream. Unlike Readable.toWeb, cancelling it (the size limit
 * reached) leaves the request open, so the refusal can still be sent on its socket.
 */
function requestBody(req: IncomingMessage): { stream: ReadableStream<Uint8Array>; detach: () => void } {
  let open = true;
  const onData = (controller: ReadableStreamDefaultController<Uint8Array>) => (chunk: Buffer) => {
    if (!open) return;
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 1) <= 0) req.pause();
  };
  let listener: ((chunk: Buffer) => void) | undefined;
  const detach = () => {
    open = false;
    if (listener) req.off('data', listener);
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        listener = onData(controller);
        req.on('data', listener);
        req.once('end', () => open && ((open = false), controller.close()));
        req.once('error', (error) => open && ((open = false), controller.error(error)));
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  return { stream, detach };
}

export interface V4FastPath {
  /** Answers the request and resolves true, or resolves false without touching it (Next answers). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

export function createV4FastPath(options: { distDir: string; port: number }): V4FastPath {
  const manifest = readJson<RoutesManifest>(path.join(options.distDir, 'routes-manifest.json'));
  if (!manifest) {
    // No manifest to copy Next's headers from: let Next answer everything.
    return { handle: async () => false };
  }
  const flags = manifest.caseSensitive ? '' : 'i';
  const rewrites = Array.isArray(manifest.rewrites)
    ? manifest.rewrites
    : [...(manifest.rewrites?.beforeFiles ?? []), ...(manifest.rewrites?.afterFiles ?? []), ...(manifest.rewrites?.fallback ?? [])];
  const middleware = [
    readJson<MiddlewareMatchers>(path.join(options.distDir, 'server/functions-config-manifest.json'))?.functions ?? {},
    readJson<MiddlewareMatchers>(path.join(options.distDir, 'server/middleware-manifest.json'))?.middleware ?? {},
  ].flatMap((entries) => Object.values(entries).flatMap((entry) => entry.matchers ?? []));
  /** Paths Next would redirect, rewrite or run the middleware on: those stay with Next. */
  const handOver = [
    ...(manifest.redirects ?? []).map((r) => new RegExp(r.regex, flags)),
    ...rewrites.map((r) => new RegExp(r.regex, flags)),
    ...middleware.map((m) => new RegExp(m.regexp)),
  ];
  const headerRules = (manifest.headers ?? []).map((rule) => ({
    regex: new RegExp(rule.regex, flags),
    // Conditional rules and values with parameters are Next's to apply.
    simple: !rule.has?.length && !rule.missing?.length && rule.headers.every((h) => !/:[A-Za-z_]/.test(h.key + h.value)),
    headers: rule.headers,
  }));
  /** Headers next.config.mjs gives a path, or undefined when Next must work them out itself. */
  const configHeaders = (pathname: string): [string, string][] | undefined => {
    const found: [string, string][] = [];
    for (const rule of headerRules) {
      if (!rule.regex.test(pathname)) continue;
      if (!rule.simple) return undefined;
      for (const h of rule.headers) found.push([h.key, h.value]);
    }
    return found;
  };
  const origin = `http://localhost:${options.port}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    if (!url.startsWith('/v4/') || !FAST_METHODS.has(method)) return false;
    const pathname = url.split('?', 1)[0]!;
    if (!V4_PATH.test(pathname) || /^\/v4\/openapi\.json$/i.test(pathname)) return false;
    if (handOver.some((re) => re.test(pathname))) return false;
    const fromConfig = configHeaders(pathname);
    if (!fromConfig) return false;

    let response: Response;
    const requestStream = method !== 'GET' ? requestBody(req) : undefined;
    try {
      const request = new Request(`${origin}${url}`, {
        method,
        headers: requestHeaders(req),
        ...(requestStream ? { body: requestStream.stream, duplex: 'half' } : {}),
      } as RequestInit);
      response = await processDispatcher()(request);
    } catch (error) {
      // The handlers catch their own errors; this is a request Node could not turn into a Request.
      console.error('[v4] unexpected error', method, pathname, error);
      response = errorResponse(new ApiError('internal'), localeFromLanguageKey(String(req.headers.language ?? '')));
    }
    let body: Buffer = Buffer.from(await response.arrayBuffer());

    for (const [key, value] of fromConfig) res.setHeader(key, value);
    res.setHeader('Vary', APP_ROUTE_VARY);
    const cookies = response.headers.getSetCookie();
    for (const [key, value] of response.headers) {
      if (key !== 'set-cookie') res.setHeader(key, value);
    }
    if (cookies.length) res.setHeader('set-cookie', cookies);
    const encoding = body.length ? chooseEncoding(req.headers['accept-encoding']) : undefined;
    if (encoding) {
      body = encoding === 'gzip' ? zlib.gzipSync(body) : zlib.deflateSync(body);
      res.setHeader('Content-Encoding', encoding);
    }
    res.setHeader('Content-Length', body.length);
    res.statusCode = response.status;
    requestStream?.detach();
    if (hasUnreadBody(req) && !(await discardRest(req))) {
      // Answered before the body was read to its end (413, 415, ...), and the rest is too big to
      // skip: it is still on the socket ahead of any next request, which would hang behind it
      // (issue 10). Close the connection once the answer is out.
      res.setHeader('Connection', 'close');
      res.on('finish', () => req.socket.destroy());
    }
    res.end(body);
    return true;
  }

  return { handle };
}

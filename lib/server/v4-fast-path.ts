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
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { dispatchV4 } from '../backend/api/dispatch';
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
    try {
      const hasBody = method !== 'GET';
      const request = new Request(`${origin}${url}`, {
        method,
        headers: requestHeaders(req),
        ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
      } as RequestInit);
      response = await dispatchV4(request);
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
    res.end(body);
    return true;
  }

  return { handle };
}

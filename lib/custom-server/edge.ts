/**
 * What the production server (serve.mjs) does to a request before Next sees it: only what
 * Next's route handlers and middleware cannot do (lib/docs/decisions/own-http-server.md).
 *
 * - the client address and the forwarded headers, from the socket: trusted only from configured
 *   proxies (TRUST_PROXY_HOPS), otherwise the socket is the client and a client-sent
 *   X-Forwarded-Host or X-Forwarded-Proto is removed, so nothing downstream can be told another host;
 * - hostile paths answered before any rendering: malformed percent-encoding (Next answers 500)
 *   and over-long segments (echoed into headers) get the 404 page, or the error shape under
 *   /api and /v4; a page query longer than Next should echo into its rewrite header gets 414;
 * - methods no route has (TRACE: Next answers 500) get 405 with `Allow`, and so do methods other
 *   than GET and HEAD on public files (Next answers 500 with two `Allow` headers), whose
 *   unsatisfiable ranges get 416 (Next: 500); Next's own 405s under /api get the `Allow` they lack;
 * - a 404 never goes to shared caches (Next sends a cached page's s-maxage with its 404);
 * - /dev/mailbox only for DEV_MAILBOX=1 on a loopback-bound server, to a loopback socket,
 *   while the outbox is the mail transport: only then does the page get the header it needs
 *   to answer (anyone else gets its 404 page).
 *
 * Loaded by serve.mjs through tsx: configuration, contracts and messages only, never the
 * backend, which Next's bundle loads once.
 */
import { isLoopbackHost, type ServerEnv } from '../config/server-env';
import { internalKey } from '../config/internal-key';
import { ApiError } from '../http/errors';
import { errorResponse, MAX_DISCARDED_BODY_BYTES } from '../http/json';
import { isLocale, localeFromLanguageKey, type Locale } from '../i18n/languages';
import { v4AllowedMethods } from '../contracts/route-methods';
import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from '../http/security-headers.mjs';
import { apiAllowedMethods, type ApiRouteMethods } from './api-methods';
import { staticFileRange } from './static-files';
import type { IncomingMessage, ServerResponse } from 'node:http';

export { scanApiMethods } from './api-methods';
export { parseServerEnv } from '../config/server-env';

/** Methods some route of this app answers; anything else (TRACE, CONNECT, ...) is refused here. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Longest path segment served. Ids are at most 10 digits and reset tokens 43 characters; a
 * longer segment is junk, and Next would echo it into headers (the `link` alternates).
 */
export const MAX_SEGMENT_LENGTH = 200;

/** Header by which serve.mjs tells the mailbox page it may answer; never taken from a client. */
export const DEV_MAILBOX_HEADER = 'x-dev-mailbox';
/** Set by the edge on Next's router prefetches (read by middleware.ts); a client's own value is removed. */
export const ROUTER_PREFETCH_HEADER = 'x-router-prefetch';

/** Headers a client could use to claim another host, scheme or address. */
const FORWARDED_HEADERS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip'];

const MAILBOX_PATH = /^(?:\/es)?\/dev\/mailbox(?:\/|$)/;
const DETAIL_PAGE = /^(\/es)?\/(provider-details|clinic-details)\//;
/** Pages whose forms post back to themselves when JavaScript is off. */
const FORM_PAGES = /^(?:\/es)?\/(?:login|signup|forgot-password|reset|account-section)(?:\/|$)/;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how a dual-stack socket reports 127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && address !== 'localhost' && isLoopbackHost(address);
}

export interface MailboxCheck {
  devMailbox: boolean;
  smtpConfigured: boolean;
  /** HOST as configured (undefined: the loopback default). */
  host: string | undefined;
  trustProxyHops: number;
  /** The socket's remote address: never a header, which any client can write. */
  socketAddress: string | undefined;
}

/**
 * Whether /dev/mailbox may be served to this request. It lists every reset link, so it is for
 * the person at the machine only: explicitly enabled, mail not leaving the machine, the server
 * not exposed (loopback HOST and no proxy in front, whose socket would look local), and the
 * request's socket a loopback one.
 */
export function mailboxAllowed(check: MailboxCheck): boolean {
  return (
    check.devMailbox &&
    !check.smtpConfigured &&
    isLoopbackHost(check.host) &&
    check.trustProxyHops === 0 &&
    isLoopbackAddress(check.socketAddress)
  );
}

/**
 * How long the server keeps an idle keep-alive connection open. Node's 5 s is shorter than a load
 * balancer's or a client's own idle timeout (60 s on AWS's and Google's balancers), so the server
 * closed connections the other side still thought usable, and a request sent on one at that
 * moment met a reset instead of an answer. Longer than theirs, the other side always closes first.
 * Node wants the header timeout above it, or a kept-alive connection is cut while its next
 * request's headers are read.
 */
export const SERVER_TIMEOUTS = { keepAliveTimeout: 65_000, headersTimeout: 66_000 } as const;

/** The addresses to listen on: HOST, or both loopback addresses by default. */
export function listenHosts(host: string | undefined): string[] {
  return host ? [host] : ['127.0.0.1', '::1'];
}

/**
 * The client address: the socket's, or with TRUST_PROXY_HOPS=N the Nth X-Forwarded-For entry
 * from the right (each proxy appends the address it saw).
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string {
  const socket = socketAddress ?? 'unknown';
  if (hops === 0) return socket;
  const chain = String(forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - hops] ?? socket;
}

/** The same entry of a forwarded list as clientAddress picks (the outermost trusted proxy's). */
function trustedEntry(value: string | string[] | undefined, hops: number): string | undefined {
  const chain = String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[Math.max(0, chain.length - hops)] ?? chain[0];
}

/**
 * Whether a raw path has a percent sign that does not start a valid UTF-8 escape, once decoded
 * or twice: Next decodes a path and then its dynamic params again, so `%25` (an escaped `%`)
 * failed there with a 500 as a bare `%` did.
 */
export function hasMalformedEscape(pathname: string): boolean {
  try {
    decodeURIComponent(decodeURIComponent(pathname));
    return false;
  } catch {
    return true;
  }
}

/** Hostile paths answered with a 404 before anything renders them. */
export function isHostilePath(pathname: string): boolean {
  return hasMalformedEscape(pathname) || pathname.split('/').some((segment) => segment.length > MAX_SEGMENT_LENGTH);
}

type Area = 'v4' | 'api' | 'next' | 'page';

function areaOf(pathname: string): Area {
  if (pathname === '/v4' || pathname.startsWith('/v4/')) return 'v4';
  if (pathname === '/api' || pathname.startsWith('/api/')) return 'api';
  if (pathname.startsWith('/_next/')) return 'next';
  return 'page';
}

/**
 * The URL whose rendering answers a hostile page path: for a provider or clinic page that
 * page's own 404 (id 0 is never an id, so nothing is read); any other page path is treated as
 * the unknown path it is (SPEC.md section 2: redirected home), without its junk being echoed.
 */
export function notFoundPageUrl(pathname: string, search: string): string {
  const detail = DETAIL_PAGE.exec(pathname);
  if (detail) return `${detail[1] ?? ''}/${detail[2]}/0${search}`;
  const prefix = pathname === '/es' || pathname.startsWith('/es/') ? '/es' : '';
  return `${prefix}/__not-found${search}`;
}

/** The methods a path answers, or undefined for an /api or /v4 path no route claims. */
export function allowedMethods(pathname: string, apiTable: ApiRouteMethods[]): string[] | undefined {
  switch (areaOf(pathname)) {
    case 'v4': {
      const methods = v4AllowedMethods(pathname);
      return methods.length ? methods : undefined;
    }
    case 'api':
      return apiAllowedMethods(apiTable, pathname);
    case 'next':
      return ['GET', 'HEAD'];
    default:
      return FORM_PAGES.test(pathname) ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
  }
}

function localeOf(req: IncomingMessage, pathname: string, area: Area): Locale {
  if (area === 'v4') return localeFromLanguageKey(String(req.headers.language ?? ''));
  if (area === 'page') return pathname === '/es' || pathname.startsWith('/es/') ? 'es' : 'en';
  const header = req.headers['x-locale'];
  if (isLocale(header)) return header;
  const cookie = /(?:^|;\s*)NEXT_LOCALE=(\w+)/.exec(String(req.headers.cookie ?? ''))?.[1];
  return isLocale(cookie) ? cookie : 'en';
}

async function send(res: ServerResponse, response: Response, extra: Record<string, string> = {}): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [key, value] of response.headers) res.setHeader(key, value);
  for (const [key, value] of Object.entries(extra)) res.setHeader(key, value);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * Adjusts the status line Next writes, as it is written: `Allow` on a 405 that lacks it, and no
 * shared caching of a 404 (Next sends an ISR page's `s-maxage` with its 404, so a CDN would keep
 * a missing provider for a year).
 */
function onWriteHead(res: ServerResponse, allow: string | undefined): void {
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = args[0];
    if (status === 405 && allow && !this.hasHeader('allow')) this.setHeader('Allow', allow);
    if (status === 404 && /s-maxage|public/.test(String(this.getHeader('cache-control') ?? ''))) {
      this.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    }
    // A header object passed to writeHead itself (Next's static files) is handled the same way.
    const headers = args.find((arg, i) => i > 0 && arg && typeof arg === 'object' && !Array.isArray(arg)) as
      Record<string, unknown> | undefined;
    if (
      status === 404 &&
      headers &&
      /s-maxage|public/.test(String(headers['cache-control'] ?? headers['Cache-Control'] ?? ''))
    ) {
      delete headers['Cache-Control'];
      headers['cache-control'] = 'private, no-cache, no-store, max-age=0, must-revalidate';
    }
    return writeHead.apply(this, args);
  } as typeof res.writeHead;
}

/**
 * Longest page query passed on. Next echoes a page's whole URL into its `x-middleware-rewrite`
 * answer header; no page of this app takes more than a few hundred characters of query.
 */
export const MAX_PAGE_QUERY_LENGTH = 2048;

export interface EdgeOptions {
  env: Pick<ServerEnv, 'TRUST_PROXY_HOPS' | 'HOST' | 'DEV_MAILBOX' | 'SMTP_URL' | 'NEXT_PUBLIC_GOOGLE_MAPS_API_KEY'>;
  /** The session secret: the mailbox header's value is derived from it. */
  secret: string;
  apiMethods: ApiRouteMethods[];
  /** The folder of the public files (`public/`), for their ranges. */
  publicDir?: string;
}

export interface Edge {
  /** Prepares the request (client address, forwarded headers) and resolves true when it has answered it itself. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

/** A public file's path: a last segment with an extension, outside the app's own areas. */
function isPublicFile(pathname: string, area: Area): boolean {
  return area === 'page' && /\/[^/]+\.[A-Za-z0-9]+$/.test(pathname);
}

export function createEdge(options: EdgeOptions): Edge {
  const { env } = options;
  const hops = env.TRUST_PROXY_HOPS;
  // The edge's own answers carry the headers Next adds to its own (next.config.mjs).
  const ownHeaders: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy({ mapsKey: Boolean(env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY) })],
    ...STATIC_SECURITY_HEADERS,
  ];
  const mailboxKey = internalKey(options.secret, 'dev-mailbox');

  async function answer(res: ServerResponse, response: Response, extra: Record<string, string> = {}): Promise<true> {
    for (const [key, value] of ownHeaders) res.setHeader(key, value);
    await send(res, response, extra);
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    req.headers['x-forwarded-for'] = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], hops);
    if (hops === 0) {
      for (const name of FORWARDED_HEADERS) delete req.headers[name];
    } else {
      for (const name of ['x-forwarded-host', 'x-forwarded-proto']) {
        const entry = trustedEntry(req.headers[name], hops);
        if (entry) req.headers[name] = entry;
      }
      delete req.headers['x-real-ip'];
    }
    delete req.headers[DEV_MAILBOX_HEADER];
    // Next hides its router headers from the middleware; this copy tells it a prefetch from a
    // visit, so a prefetch never replaces the saved post-login redirect (middleware.ts).
    delete req.headers[ROUTER_PREFETCH_HEADER];
    if (req.headers['next-router-prefetch'] === '1') req.headers[ROUTER_PREFETCH_HEADER] = '1';

    // A body declared larger than the server ever reads is refused unread (a 413, or a route's
    // own answer): once the answer is out, the connection closes, instead of Node reading and
    // dropping tens of megabytes to keep it alive for a client that may send them slowly.
    if (Number(req.headers['content-length'] ?? 0) > MAX_DISCARDED_BODY_BYTES) res.shouldKeepAlive = false;

    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const search = queryAt === -1 ? '' : url.slice(queryAt);
    const area = areaOf(pathname);
    const method = req.method ?? 'GET';
    const locale = () => localeOf(req, pathname, area);

    if (isHostilePath(pathname)) {
      if (area === 'page') {
        req.url = notFoundPageUrl(pathname, '');
        return false;
      }
      return answer(res, errorResponse(new ApiError('notFound'), locale()));
    }
    if (area === 'page' && search.length > MAX_PAGE_QUERY_LENGTH) {
      return answer(res, errorResponse(new ApiError('uriTooLong'), locale()));
    }

    if (!KNOWN_METHODS.has(method) || (isPublicFile(pathname, area) && method !== 'GET' && method !== 'HEAD')) {
      const allow = isPublicFile(pathname, area) ? ['GET', 'HEAD'] : allowedMethods(pathname, options.apiMethods);
      if (!allow) return answer(res, errorResponse(new ApiError('notFound'), locale()));
      return answer(res, errorResponse(new ApiError('methodNotAllowed'), locale()), { Allow: allow.join(', ') });
    }

    if (isPublicFile(pathname, area) && req.headers.range && options.publicDir) {
      const range = staticFileRange(options.publicDir, pathname, String(req.headers.range));
      if (range.kind === 'unsatisfiable') {
        return answer(res, errorResponse(new ApiError('rangeNotSatisfiable'), locale()), {
          'Content-Range': `bytes */${range.size}`,
        });
      }
      // A Range that is not bytes=... is ignored (RFC 9110 section 14.2): the whole file.
      if (range.kind === 'ignored') delete req.headers.range;
    }

    onWriteHead(res, area === 'api' ? apiAllowedMethods(options.apiMethods, pathname)?.join(', ') : undefined);

    if (area === 'page' && MAILBOX_PATH.test(pathname)) {
      const allowed = mailboxAllowed({
        devMailbox: env.DEV_MAILBOX === '1',
        smtpConfigured: Boolean(env.SMTP_URL),
        host: env.HOST,
        trustProxyHops: hops,
        socketAddress: req.socket.remoteAddress,
      });
      // Without the header the page answers its 404 (app/[locale]/dev/mailbox/page.tsx).
      if (allowed) req.headers[DEV_MAILBOX_HEADER] = mailboxKey;
    }
    return false;
  }

  return { handle };
}

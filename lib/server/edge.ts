/**
 * What the production server (serve.mjs) does to every request before Next or the /v4 fast
 * path sees it (issue 10, the HTTP edge):
 *
 * - the client address and the forwarded headers: trusted only from configured proxies
 *   (TRUST_PROXY_HOPS), otherwise the socket is the client and a client-sent X-Forwarded-Host
 *   or X-Forwarded-Proto is removed, so nothing downstream can be told another host;
 * - the security headers of every answer (CSP, HSTS, ...: lib/docs/decisions/content-security-policy.md);
 * - hostile paths answered before any rendering: malformed percent-encoding (Next answered 500)
 *   and over-long segments (echoed into a 15 KB `link` header) get the 404 page, or the error
 *   shape under /api and /v4;
 * - methods no route has (TRACE: Next answered 500) get 405 with `Allow`, and Next's own 405s
 *   under /api get the `Allow` they lacked;
 * - /dev/mailbox only for DEV_MAILBOX=1 on a loopback-bound server, to a loopback socket,
 *   while the outbox is the mail transport: only then does the page get the header it needs
 *   to answer (anyone else gets its 404 page).
 *
 * Loaded by serve.mjs through tsx, like the fast path (re-exported below so the backend is
 * loaded once).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackHost, type ServerEnv } from '../config/server-env';
import { internalKey } from '../config/internal-key';
import { ApiError } from '../http/errors';
import { errorResponse } from '../http/json';
import { isLocale, localeFromLanguageKey, type Locale } from '../i18n/languages';
import { methodNotAllowed as v4MethodNotAllowed, v4AllowedMethods } from '../backend/api/dispatch';
import { apiAllowedMethods, type ApiRouteMethods } from './api-methods';

export { createV4FastPath } from './v4-fast-path';
export { scanApiMethods } from './api-methods';
export { parseServerEnv } from '../config/server-env';
export { startAppJobs, stopAppJobs } from '../backend/jobs/app-jobs';

/** Methods some route of this app answers; anything else (TRACE, CONNECT, ...) is refused here. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Longest path segment served. Ids are at most 10 digits and reset tokens 43 characters; a
 * longer segment is junk, and Next would echo it into headers (the `link` alternates).
 */
export const MAX_SEGMENT_LENGTH = 200;

/** Header by which serve.mjs tells the mailbox page it may answer; never taken from a client. */
export const DEV_MAILBOX_HEADER = 'x-dev-mailbox';

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

/** The addresses to listen on: HOST, or both loopback addresses by default. */
export function listenHosts(host: string | undefined): string[] {
  return host ? [host] : ['127.0.0.1', '::1'];
}

/**
 * The client address: the socket's, or with TRUST_PROXY_HOPS=N the Nth X-Forwarded-For entry
 * from the right (each proxy appends the address it saw).
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, hops: number): string {
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

const MAPS_HOSTS = {
  script: ['https://maps.googleapis.com', 'https://*.gstatic.com'],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.ggpht.com', 'https://*.googleusercontent.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

function acceptApiOrigins(scriptHost: string): string[] {
  if (scriptHost === 'jstest.authorize.net') return ['https://apitest.authorize.net'];
  if (scriptHost === 'js.authorize.net') return ['https://api2.authorize.net', 'https://api.authorize.net'];
  return [];
}

/**
 * The Content-Security-Policy of every answer (lib/docs/decisions/content-security-policy.md).
 * Scripts: our origin plus inline ones, because the cached (ISR) provider and clinic pages
 * cannot carry a per-request nonce and Next's inline bootstrap scripts differ per page.
 */
export function contentSecurityPolicy(options: { mapsKey?: boolean; paymentScriptUrl?: string } = {}): string {
  const maps = options.mapsKey;
  const payment = options.paymentScriptUrl ? [new URL(options.paymentScriptUrl).origin] : [];
  // Accept.js posts the card from the page to Authorize.Net's API host, not the script's host:
  // jstest.authorize.net (sandbox) talks to apitest.authorize.net, js.authorize.net to api2.
  const paymentApi = options.paymentScriptUrl ? acceptApiOrigins(new URL(options.paymentScriptUrl).hostname) : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'unsafe-inline'", ...(maps ? MAPS_HOSTS.script : []), ...payment]],
    ['style-src', ["'self'", "'unsafe-inline'", ...(maps ? MAPS_HOSTS.style : [])]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(maps ? MAPS_HOSTS.img : [])]],
    ['font-src', ["'self'", ...(maps ? MAPS_HOSTS.font : [])]],
    ['connect-src', ["'self'", ...(maps ? MAPS_HOSTS.connect : []), ...payment, ...paymentApi]],
    // The brochure PDF (/brochure.pdf) is framed from our own origin.
    ['frame-src', ["'self'", ...payment]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Headers every answer carries; next.config.mjs lets /brochure.pdf be framed by our own pages. */
export function securityHeaders(options: { mapsKey?: boolean; paymentScriptUrl?: string } = {}): [string, string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(options)],
    // Only honoured over HTTPS (browsers ignore it on plain HTTP, so localhost is unaffected);
    // sent by the production server always, as a TLS proxy in front passes it on.
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)'],
  ];
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

/** Adds `Allow` to a 405 that Next writes without one. */
function allowOn405(res: ServerResponse, allow: string): void {
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (args[0] === 405 && !this.hasHeader('allow')) this.setHeader('Allow', allow);
    return writeHead.apply(this, args);
  } as typeof res.writeHead;
}

export interface EdgeOptions {
  env: Pick<ServerEnv, 'TRUST_PROXY_HOPS' | 'HOST' | 'DEV_MAILBOX' | 'SMTP_URL' | 'NEXT_PUBLIC_GOOGLE_MAPS_API_KEY' | 'PAYMENT_SCRIPT_URL'>;
  /** The session secret: the mailbox header's value is derived from it. */
  secret: string;
  apiMethods: ApiRouteMethods[];
}

export interface Edge {
  /**
   * Prepares the request (client address, forwarded headers, security headers, rewrites) and
   * resolves true when it has answered it itself.
   */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

export function createEdge(options: EdgeOptions): Edge {
  const { env } = options;
  const hops = env.TRUST_PROXY_HOPS;
  const headers = securityHeaders({
    mapsKey: Boolean(env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY),
    paymentScriptUrl: env.PAYMENT_SCRIPT_URL,
  });
  const mailboxKey = internalKey(options.secret, 'dev-mailbox');

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
    for (const [key, value] of headers) res.setHeader(key, value);

    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const search = queryAt === -1 ? '' : url.slice(queryAt);
    const area = areaOf(pathname);
    const method = req.method ?? 'GET';

    if (isHostilePath(pathname)) {
      if (area === 'page') {
        req.url = notFoundPageUrl(pathname, search);
        return false;
      }
      await send(res, errorResponse(new ApiError('notFound'), localeOf(req, pathname, area)));
      return true;
    }

    if (!KNOWN_METHODS.has(method)) {
      const allow = allowedMethods(pathname, options.apiMethods);
      const locale = localeOf(req, pathname, area);
      if (!allow) await send(res, errorResponse(new ApiError('notFound'), locale));
      else if (area === 'v4') {
        await send(res, v4MethodNotAllowed(new Request(`http://localhost${pathname}`, { headers: { language: String(req.headers.language ?? '') } }), pathname));
      } else await send(res, errorResponse(new ApiError('methodNotAllowed'), locale), { Allow: allow.join(', ') });
      return true;
    }

    if (area === 'api') {
      const allow = apiAllowedMethods(options.apiMethods, pathname);
      if (allow) allowOn405(res, allow.join(', '));
    }

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

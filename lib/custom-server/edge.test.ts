import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { internalKey } from '../config/internal-key';
import { ConfigError, parseServerEnv } from '../config/server-env';
import { MAX_DISCARDED_BODY_BYTES } from '../http/json';
import { contentSecurityPolicy } from '../http/security-headers.mjs';
import { apiAllowedMethods, scanApiMethods } from './api-methods';
import {
  DEV_MAILBOX_HEADER,
  ROUTER_PREFETCH_HEADER,
  MAX_PAGE_QUERY_LENGTH,
  allowedMethods,
  createEdge,
  isHostilePath,
  isLoopbackAddress,
  listenHosts,
  mailboxAllowed,
  notFoundPageUrl,
  type EdgeOptions,
} from './edge';
import type { AddressInfo } from 'node:net';

/*
 * The production server's edge (lib/custom-server/edge.ts). The end-to-end view against the
 * built server is e2e/edge-security.spec.ts; here are the decisions, and the edge mounted on a
 * real node:http server so that requests arrive from real sockets (loopback and, where this
 * machine has one, a non-loopback interface).
 */

const root = path.resolve(__dirname, '../..');
const apiMethods = scanApiMethods(root);
const SECRET = 's'.repeat(40);

describe('mailboxAllowed', () => {
  const local = {
    devMailbox: true,
    smtpConfigured: false,
    host: undefined,
    trustProxyHops: 0,
    socketAddress: '127.0.0.1',
  };

  it('serves the mailbox to a loopback socket of a loopback server with DEV_MAILBOX=1', () => {
    expect(mailboxAllowed(local)).toBe(true);
    expect(mailboxAllowed({ ...local, socketAddress: '::1' })).toBe(true);
    expect(mailboxAllowed({ ...local, socketAddress: '::ffff:127.0.0.1' })).toBe(true);
    expect(mailboxAllowed({ ...local, host: '127.0.0.1' })).toBe(true);
    expect(mailboxAllowed({ ...local, host: 'localhost' })).toBe(true);
  });

  it('refuses a non-loopback client', () => {
    for (const socketAddress of ['192.0.2.10', '::ffff:192.0.2.10', 'fd00::2', '10.0.0.1', undefined]) {
      expect(mailboxAllowed({ ...local, socketAddress })).toBe(false);
    }
  });

  it('refuses on an exposed server, even to a loopback client', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.2', 'example.com']) {
      expect(mailboxAllowed({ ...local, host })).toBe(false);
    }
    // Behind a proxy every request arrives from the proxy's (often loopback) address.
    expect(mailboxAllowed({ ...local, trustProxyHops: 1 })).toBe(false);
  });

  it('refuses when the flag is off or mail goes out through SMTP', () => {
    expect(mailboxAllowed({ ...local, devMailbox: false })).toBe(false);
    expect(mailboxAllowed({ ...local, smtpConfigured: true })).toBe(false);
  });
});

describe('configuration', () => {
  it('binds loopback unless HOST says otherwise', () => {
    expect(listenHosts(parseServerEnv({}).HOST)).toEqual(['127.0.0.1', '::1']);
    expect(listenHosts(parseServerEnv({ HOST: '0.0.0.0' }).HOST)).toEqual(['0.0.0.0']);
  });

  it('refuses DEV_MAILBOX=1 on an exposed server with one sentence', () => {
    expect(() => parseServerEnv({ DEV_MAILBOX: '1', HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => parseServerEnv({ DEV_MAILBOX: '1', TRUST_PROXY_HOPS: '1' })).toThrow(
      /DEV_MAILBOX=1 is for local use only/,
    );
    expect(parseServerEnv({ DEV_MAILBOX: '1', HOST: '127.0.0.1' }).DEV_MAILBOX).toBe('1');
    expect(() => parseServerEnv({ DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX must be 1/);
    expect(() => parseServerEnv({ HOST: 'a b' })).toThrow(/HOST must be a host name or an IP address/);
    expect(() => parseServerEnv({ PAYMENT_SCRIPT_URL: 'http://js.example.com/a.js' })).toThrow(
      /PAYMENT_SCRIPT_URL must be an https/,
    );
  });

  it('knows loopback addresses', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('127.8.9.10')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('0.0.0.0')).toBe(false);
    expect(isLoopbackAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('localhost')).toBe(false); // a socket address is never a name
  });
});

describe('contentSecurityPolicy', () => {
  it('is strict by default and names no third-party host', () => {
    const csp = contentSecurityPolicy();
    for (const directive of [
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "default-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/https:|unsafe-eval/);
  });

  it('adds the maps hosts only with a key, and the payment origin only when configured', () => {
    expect(contentSecurityPolicy({ mapsKey: true })).toContain('https://maps.googleapis.com');
    expect(contentSecurityPolicy()).toMatch(/script-src 'self' 'unsafe-inline'(;|$)/);
    const withPayment = contentSecurityPolicy({ paymentScriptUrl: 'https://js.authorize.net/v1/Accept.js' });
    expect(withPayment).toMatch(/script-src [^;]*https:\/\/js\.authorize\.net/);
    // Accept.js sends the card to the API host of its environment.
    expect(withPayment).toMatch(/connect-src [^;]*https:\/\/api2\.authorize\.net/);
    expect(contentSecurityPolicy({ paymentScriptUrl: 'https://jstest.authorize.net/v1/Accept.js' })).toMatch(
      /connect-src [^;]*https:\/\/apitest\.authorize\.net/,
    );
    expect(withPayment).not.toContain('googleapis');
  });

  it("with a nonce, scripts need it ('strict-dynamic') and 'unsafe-inline' is gone from script-src", () => {
    const csp = contentSecurityPolicy({ nonce: 'abc123' });
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSrc).toBe("'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
  });
});

describe('hostile paths and methods', () => {
  it('recognises malformed escapes and over-long segments', () => {
    for (const bad of [
      '/provider-details/%',
      '/provider-details/%25',
      '/provider-details/%ED%A0%80',
      '/api/password-reset/%E0%A4%A',
      `/provider-details/${'1'.repeat(5000)}`,
    ]) {
      expect(isHostilePath(bad)).toBe(true);
    }
    for (const good of [
      '/provider-details/12',
      '/es/clinic-details/7',
      '/search-listing',
      '/api/password-reset/abc_DEF-123',
      '/%C3%B1',
    ]) {
      expect(isHostilePath(good)).toBe(false);
    }
  });

  it('sends hostile page paths to their 404 page, in their language', () => {
    expect(notFoundPageUrl('/provider-details/%', '')).toBe('/provider-details/0');
    expect(notFoundPageUrl('/es/clinic-details/%ED%A0%80', '?_rsc=1')).toBe('/es/clinic-details/0?_rsc=1');
    expect(notFoundPageUrl('/es/anything%', '')).toBe('/es/__not-found');
    expect(notFoundPageUrl('/dev/mailbox', '')).toBe('/__not-found');
  });

  it('lists what each path answers', () => {
    expect(allowedMethods('/v4/session', apiMethods)).toEqual(['DELETE', 'OPTIONS', 'PUT']);
    expect(allowedMethods('/v4/patientAppUser', apiMethods)).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
    expect(allowedMethods('/v4/nothing-here', apiMethods)).toBeUndefined();
    expect(allowedMethods('/api/password-reset/abc', apiMethods)).toEqual(['GET', 'HEAD', 'PUT']);
    expect(allowedMethods('/api/countries', apiMethods)).toEqual(['GET', 'HEAD']);
    expect(allowedMethods('/search-listing', apiMethods)).toEqual(['GET', 'HEAD']);
    expect(allowedMethods('/es/login', apiMethods)).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('reads every BFF route file', () => {
    expect(apiAllowedMethods(apiMethods, '/api/favorites/ids')).toEqual(['GET', 'HEAD']);
    expect(apiAllowedMethods(apiMethods, '/api/favorites/providers/5')).toEqual(['DELETE', 'PUT']);
    expect(apiAllowedMethods(apiMethods, '/api/nope')).toBeUndefined();
  });
});

/** The edge in front of a stand-in for Next that reports what reached it. */
async function edgeServer(host: string, env: Partial<EdgeOptions['env']> = {}) {
  const edge = createEdge({
    env: {
      TRUST_PROXY_HOPS: 0,
      DEV_MAILBOX: '1',
      HOST: undefined,
      SMTP_URL: undefined,
      NEXT_PUBLIC_GOOGLE_MAPS_API_KEY: undefined,
      ...env,
    },
    secret: SECRET,
    apiMethods,
    publicDir: path.join(root, 'public'),
  });
  const server = http.createServer((req, res) => {
    void edge.handle(req, res).then((answered) => {
      if (answered) return;
      // Next would render these; the mailbox page answers 404 without the edge's header.
      const mailbox = /^(?:\/es)?\/dev\/mailbox\/?$/.test(req.url!.split('?')[0]!);
      const granted = req.headers[DEV_MAILBOX_HEADER] === internalKey(SECRET, 'dev-mailbox');
      res.statusCode = mailbox && granted ? 200 : mailbox || req.url!.includes('__not-found') ? 404 : 200;
      // Next sends an ISR page's shared-cache lifetime with its 404 (a provider id that does not exist).
      if (req.url === '/provider-details/999') {
        res.statusCode = 404;
        res.setHeader('cache-control', 's-maxage=3600, stale-while-revalidate=31532400');
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ url: req.url, headers: req.headers }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

const external = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('the edge on a real socket', () => {
  it('serves the mailbox to a loopback client, ignoring a forged header', async () => {
    const base = await edgeServer('127.0.0.1');
    const res = await fetch(`${base}/dev/mailbox`, { headers: { [DEV_MAILBOX_HEADER]: 'forged' } });
    expect(res.status).toBe(200);
  });

  it("grants the mailbox's attachment downloads as the page itself, and nothing beside it", async () => {
    const grant = internalKey(SECRET, 'dev-mailbox');
    const seen = async (base: string, path: string) =>
      (
        (await (await fetch(`${base}${path}`, { headers: { [DEV_MAILBOX_HEADER]: 'forged' } })).json()) as {
          headers: Record<string, string>;
        }
      ).headers[DEV_MAILBOX_HEADER];
    const local = await edgeServer('127.0.0.1');
    expect(await seen(local, '/dev/mailbox/7/attachments/0')).toBe(grant);
    expect(await seen(local, '/es/dev/mailbox/7/attachments/0')).toBe(grant);
    expect(await seen(local, '/dev/mailboxes/7')).toBeUndefined();
    const exposed = await edgeServer('127.0.0.1', { HOST: '0.0.0.0' });
    expect(await seen(exposed, '/dev/mailbox/7/attachments/0')).toBeUndefined();
  });

  it("marks Next's router prefetches for the middleware, and drops a client's own mark", async () => {
    const base = await edgeServer('127.0.0.1');
    const seen = async (headers: Record<string, string>) =>
      ((await (await fetch(`${base}/book-new-appointment`, { headers })).json()) as { headers: Record<string, string> })
        .headers;
    expect((await seen({ 'next-router-prefetch': '1', rsc: '1' }))[ROUTER_PREFETCH_HEADER]).toBe('1');
    expect((await seen({ rsc: '1', [ROUTER_PREFETCH_HEADER]: '1' }))[ROUTER_PREFETCH_HEADER]).toBeUndefined();
  });

  it('answers 404 for the mailbox on a server bound to every interface', async () => {
    const base = await edgeServer('127.0.0.1', { HOST: '0.0.0.0' });
    const res = await fetch(`${base}/dev/mailbox`);
    expect(res.status).toBe(404);
    const seen = (await res.json()) as { headers: Record<string, string> };
    expect(seen.headers[DEV_MAILBOX_HEADER]).toBeUndefined();
  });

  it.skipIf(!external)('answers 404 for the mailbox and its Spanish path to a non-loopback client', async () => {
    const base = await edgeServer(external!);
    for (const pathname of ['/dev/mailbox', '/es/dev/mailbox', '/dev/mailbox?_rsc=abc']) {
      const res = await fetch(`${base}${pathname}`, {
        // A forged grant and a forged local address change nothing: the socket decides.
        headers: { [DEV_MAILBOX_HEADER]: internalKey(SECRET, 'dev-mailbox'), 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.status, pathname).toBe(404);
      const seen = (await res.json()) as { url: string; headers: Record<string, string> };
      expect(seen.headers[DEV_MAILBOX_HEADER]).toBeUndefined();
      expect(seen.headers['x-forwarded-for']).toBe(external);
    }
  });

  it('removes forwarded headers from an untrusted peer', async () => {
    const base = await edgeServer('127.0.0.1');
    const res = await fetch(`${base}/api/me`, {
      headers: {
        'x-forwarded-host': 'evil.test',
        'x-forwarded-proto': 'https',
        forwarded: 'host=evil.test',
        'x-real-ip': '1.2.3.4',
      },
    });
    const seen = ((await res.json()) as { headers: Record<string, string> }).headers;
    expect(seen['x-forwarded-host']).toBeUndefined();
    expect(seen['x-forwarded-proto']).toBeUndefined();
    expect(seen.forwarded).toBeUndefined();
    expect(seen['x-real-ip']).toBeUndefined();
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
  });

  it("keeps the trusted proxy's forwarded host behind TRUST_PROXY_HOPS", async () => {
    const base = await edgeServer('127.0.0.1', { TRUST_PROXY_HOPS: 1 });
    const res = await fetch(`${base}/api/me`, {
      headers: { 'x-forwarded-host': 'app.example.com', 'x-forwarded-for': '203.0.113.9' },
    });
    const seen = ((await res.json()) as { headers: Record<string, string> }).headers;
    expect(seen['x-forwarded-host']).toBe('app.example.com');
    expect(seen['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('answers TRACE with 405 and Allow, in the error shape', async () => {
    const base = await edgeServer('127.0.0.1');
    const cases: [string, string][] = [
      ['/v4/session', 'DELETE, OPTIONS, PUT'],
      ['/v4/providers/5/slots', 'GET, HEAD, OPTIONS'],
      ['/api/password-reset/abc', 'GET, HEAD, PUT'],
      ['/provider-details/5', 'GET, HEAD'],
      ['/login', 'GET, HEAD, POST'],
    ];
    for (const [pathname, allow] of cases) {
      const res = await new Promise<http.IncomingMessage & { body: string }>((resolve, reject) => {
        const req = http.request(`${base}${pathname}`, { method: 'TRACE' }, (r) => {
          let body = '';
          r.on('data', (c) => (body += c));
          r.on('end', () => resolve(Object.assign(r, { body })));
        });
        req.on('error', reject);
        req.end();
      });
      expect(res.statusCode, pathname).toBe(405);
      expect(res.headers.allow, pathname).toBe(allow);
      expect(JSON.parse(res.body)).toMatchObject({ errorCode: 'methodNotAllowed', message: expect.any(String) });
    }
  });

  it('answers malformed and over-long ids under /api and /v4 with 404 in the error shape, and carries the security headers', async () => {
    const base = await edgeServer('127.0.0.1');
    for (const pathname of [
      '/api/providers/%/slots',
      '/api/providers/%ED%A0%80/reviews',
      '/api/clinics/%/reviews',
      '/api/password-reset/%',
      '/v4/providers/%ED%A0%80',
      `/api/providers/${'9'.repeat(5000)}/reviews`,
    ]) {
      const res = await fetch(`${base}${pathname}`);
      expect(res.status, pathname).toBe(404);
      expect(await res.json()).toMatchObject({ errorCode: 'notFound', message: expect.any(String) });
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    }
    const page = await fetch(`${base}/es/provider-details/%ED%A0%80`);
    expect(((await page.json()) as { url: string }).url).toBe('/es/provider-details/0');
  });

  it('answers other methods on public files with 405 and one Allow: GET, HEAD', async () => {
    const base = await edgeServer('127.0.0.1');
    for (const pathname of ['/brochure.pdf', '/flags/us.svg', '/es/flags/es.svg']) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const res = await rawRequest(`${base}${pathname}`, method);
        expect(res.statusCode, `${method} ${pathname}`).toBe(405);
        const allows = res.rawHeaders.filter((_, i) => i % 2 === 0 && res.rawHeaders[i]!.toLowerCase() === 'allow');
        expect(allows).toHaveLength(1);
        expect(res.headers.allow).toBe('GET, HEAD');
        expect(JSON.parse(res.body)).toMatchObject({ errorCode: 'methodNotAllowed' });
      }
    }
  });

  it('answers an unsatisfiable range of a public file with 416, passes a good one on and drops one that is not bytes', async () => {
    const base = await edgeServer('127.0.0.1');
    const size = (await import('node:fs')).statSync(path.join(root, 'public', 'brochure.pdf')).size;
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=99999999999-']) {
      const res = await fetch(`${base}/brochure.pdf`, { headers: { range } });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(await res.json()).toMatchObject({ errorCode: 'rangeNotSatisfiable' });
    }
    const seen = async (range: string) =>
      (
        (await (await fetch(`${base}/brochure.pdf`, { headers: { range } })).json()) as {
          headers: Record<string, string>;
        }
      ).headers.range;
    expect(await seen('bytes=0-10')).toBe('bytes=0-10');
    expect(await seen('bytes=-100')).toBe('bytes=-100');
    expect(await seen('items=1-2')).toBeUndefined();
    expect(await seen('bytes=abc')).toBeUndefined();
  });

  it('keeps 404s out of shared caches', async () => {
    const base = await edgeServer('127.0.0.1');
    const res = await fetch(`${base}/provider-details/999`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).not.toMatch(/s-maxage|public/);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('answers a page query too long to echo with 414, and leaves /v4 queries to their routes', async () => {
    const base = await edgeServer('127.0.0.1');
    const long = `?q=${'a'.repeat(MAX_PAGE_QUERY_LENGTH)}`;
    const page = await fetch(`${base}/search-listing${long}`);
    expect(page.status).toBe(414);
    expect(await page.json()).toMatchObject({ errorCode: 'uriTooLong' });
    expect((await fetch(`${base}/search-listing?q=dentist`)).status).toBe(200);
    expect((await fetch(`${base}/v4/providers${long}`)).status).toBe(200);
  });

  it('closes the connection after answering a body declared larger than the server ever reads', async () => {
    const base = new URL(await edgeServer('127.0.0.1'));
    const exchange = (length: number) =>
      new Promise<{ text: string; closed: boolean }>((resolve) => {
        const socket = net.connect(Number(base.port), base.hostname, () => {
          socket.write(
            `PUT /v4/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{}`,
          );
        });
        let text = '';
        socket.on('error', () => undefined);
        socket.on('data', (chunk) => (text += chunk.toString('latin1')));
        socket.on('close', () => resolve({ text, closed: true }));
        setTimeout(() => {
          socket.destroy();
          resolve({ text, closed: false });
        }, 1500);
      });
    const huge = await exchange(MAX_DISCARDED_BODY_BYTES + 1);
    expect(huge.text).toMatch(/^HTTP\/1\.1 200/);
    expect(huge.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(huge.closed).toBe(true);
    // A body the server would read keeps the connection for the next request.
    const small = await exchange(2);
    expect(small.text).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(small.closed).toBe(false);
  });
});

function rawRequest(url: string, method: string): Promise<http.IncomingMessage & { body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method }, (r) => {
      let body = '';
      r.on('data', (c) => (body += c));
      r.on('end', () => resolve(Object.assign(r, { body })));
    });
    req.on('error', reject);
    req.end();
  });
}

import net from 'node:net';
import os from 'node:os';
import { createPatient, expect, loginThroughBff, test } from './fixtures';
import { LANGUAGES } from './auth-helpers';
import type { APIRequestContext, Page } from '@playwright/test';

/**
 * The HTTP edge of the production server (lib/custom-server/edge.ts): what only the real
 * server shows. The decisions themselves are unit-tested in lib/custom-server/edge.test.ts.
 */

const PORT = Number(process.env.E2E_PORT ?? 3210);
const en = LANGUAGES[0].m;

async function aProviderId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/v4/providers?lat=40.7128&lng=-74.0060&pageSize=1');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: { id: number }[] }).items[0]!.id;
}

/** Collects CSP violations as the browser reports them (console and securitypolicyviolation events). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Refused to load (CSP): ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test.describe('binding and the mailbox', () => {
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

  test("the server listens on loopback only: this machine's network address is refused", async () => {
    test.skip(!external, 'no non-loopback interface on this machine');
    const outcome = await new Promise<string>((resolve) => {
      const socket = net.connect(PORT, external!);
      socket.once('connect', () => (socket.destroy(), resolve('connected')));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(outcome).toBe('ECONNREFUSED');
  });

  test('with DEV_MAILBOX=1 the mailbox answers a local client, and a forged grant header changes nothing', async ({
    request,
  }) => {
    const local = await request.get('/dev/mailbox');
    expect(local.status()).toBe(200);
    expect(await local.text()).toContain(en.mailbox.heading);
    // The grant comes from the socket; a client-sent header is removed at the edge.
    const forged = await request.get('/dev/mailbox', {
      headers: { 'x-dev-mailbox': 'forged', 'x-forwarded-for': '203.0.113.5' },
    });
    expect(forged.status()).toBe(200);
  });
});

test('a foreign Origin with a matching X-Forwarded-Host is refused when no proxy is trusted', async ({ request }) => {
  const response = await request.post('/api/session', {
    headers: { origin: 'http://evil.test', 'x-forwarded-host': 'evil.test' },
    data: { email: 'nobody@example.com', password: 'whatever1A' },
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ errorCode: 'forbidden' });
});

test.describe('security headers', () => {
  test('every kind of answer carries CSP, HSTS and the rest', async ({ request }) => {
    for (const path of ['/', '/login', '/v4/countries', '/api/countries', '/provider-details/1']) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).toContain("object-src 'none'");
      expect(headers['content-security-policy'], path).toContain("base-uri 'self'");
      expect(headers['content-security-policy'], path).toContain("form-action 'self'");
      expect(headers['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('geolocation=(self)');
    }
    // The brochure may be framed by our own pages only.
    const brochure = (await request.get('/brochure.pdf')).headers();
    expect(brochure['content-security-policy']).toBe("frame-ancestors 'self'");
  });

  test('pages run under the CSP with no violation (home, login, search listing, provider page, brochure)', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000); // six pages, each until the network is idle
    const violations = await watchViolations(page);
    const id = await aProviderId(request);
    // The brochure dialog frames /brochure.pdf (frame-src 'self').
    await page.goto('/');
    await page.getByRole('button', { name: en.shell.help }).click();
    const pdf = page.waitForResponse((response) => response.url().endsWith('/brochure.pdf'));
    await page.getByRole('menuitem', { name: en.menu.brochure }).click();
    await expect(page.getByRole('dialog', { name: en.shell.brochureTitle })).toBeVisible();
    expect((await pdf).status()).toBe(200);
    for (const path of [
      '/login',
      '/search-listing?lat=40.7128&lng=-74.006',
      `/provider-details/${id}`,
      `/es/clinic-details/1`,
      '/es/signup',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });
});

test.describe('provider and clinic 404s', () => {
  test('a junk id is answered 404 and never from the page cache, unlike a real page', async ({ request }) => {
    const id = await aProviderId(request);
    await request.get(`/provider-details/${id}`);
    expect((await request.get(`/provider-details/${id}`)).headers()['x-nextjs-cache']).toBe('HIT');

    for (const path of [
      '/provider-details/1999999999',
      '/clinic-details/1999999998',
      '/es/provider-details/1999999997',
    ]) {
      for (let i = 0; i < 3; i++) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(404);
        expect(response.headers()['x-nextjs-cache'], `${path} #${i + 1}`).not.toBe('HIT');
      }
    }
  });

  test('a 5,000-character id answers the 404 page with small headers', async ({ request }) => {
    const headerBytes = (response: { headersArray(): { name: string; value: string }[] }) =>
      response.headersArray().reduce((sum, h) => sum + h.name.length + h.value.length, 0);
    for (const path of [`/provider-details/${'7'.repeat(5000)}`, `/es/clinic-details/${'x'.repeat(5000)}`]) {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(response.headers()['content-type']).toContain('text/html');
      expect(headerBytes(response), path.slice(0, 30)).toBeLessThan(4000);
    }
    // Any other over-long path is an unknown path (SPEC.md section 2: sent home), its junk not echoed.
    const other = await request.get(`/${'a'.repeat(5000)}`, { maxRedirects: 0 });
    expect(other.status()).toBe(307);
    expect(headerBytes(other)).toBeLessThan(4000);
  });
});

test.describe('malformed percent-encoding in path ids', () => {
  for (const bad of ['%', '%25', '%ED%A0%80']) {
    test(`"${bad}" answers the 404 page on pages and the error shape under /api`, async ({ request }) => {
      for (const path of [`/provider-details/${bad}`, `/clinic-details/${bad}`, `/es/provider-details/${bad}`]) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(404);
        expect(response.headers()['content-type'], path).toContain('text/html');
      }
      for (const path of [
        `/api/providers/${bad}/slots`,
        `/api/providers/${bad}/reviews`,
        `/api/clinics/${bad}/reviews`,
        `/api/password-reset/${bad}`,
      ]) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(404);
        expect(await response.json(), path).toMatchObject({ errorCode: 'notFound', message: expect.any(String) });
      }
      const put = await request.put(`/api/password-reset/${bad}`, { data: { new: 'Sunny2026day' } });
      expect(put.status()).toBe(404);
    });
  }
});

test.describe('methods', () => {
  test('TRACE answers 405 with Allow on /v4, /api and pages', async ({ request }) => {
    const id = await aProviderId(request);
    const cases: [string, string][] = [
      ['/v4/session', 'DELETE, OPTIONS, PUT'],
      ['/v4/countries', 'GET, HEAD, OPTIONS'],
      ['/api/session', 'DELETE, POST'],
      ['/', 'GET, HEAD'],
      [`/provider-details/${id}`, 'GET, HEAD'],
      ['/login', 'GET, HEAD, POST'],
    ];
    for (const [path, allow] of cases) {
      const response = await request.fetch(path, { method: 'TRACE' });
      expect(response.status(), path).toBe(405);
      expect(response.headers().allow, path).toBe(allow);
      expect(await response.json(), path).toMatchObject({ errorCode: 'methodNotAllowed' });
    }
  });

  test('every other 405 carries Allow too', async ({ request }) => {
    const v4 = await request.post('/v4/countries', { data: {} });
    expect(v4.status()).toBe(405);
    expect(v4.headers().allow).toBe('GET, HEAD, OPTIONS');
    const api = await request.delete('/api/countries', { headers: { origin: `http://localhost:${PORT}` } });
    expect(api.status()).toBe(405);
    expect(api.headers().allow).toBe('GET, HEAD');
  });
});

/** Sends raw HTTP/1.1 on one socket and collects what comes back until `until` matches or it closes. */
function rawExchange(
  socket: net.Socket,
  until: (received: string) => boolean,
  timeoutMs = 8000,
): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = '';
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve({ text, closed });
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (until(text)) finish(false);
    };
    const onClose = () => finish(true);
    const timer = setTimeout(() => finish(socket.destroyed), timeoutMs);
    socket.on('data', onData);
    socket.on('close', onClose);
  });
}

function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

const GET_COUNTRIES = `GET /v4/countries HTTP/1.1\r\nHost: localhost:${PORT}\r\n\r\n`;

test.describe('refused /v4 bodies and keep-alive', () => {
  test('after a 413 the next request on the same connection is answered', async () => {
    const socket = await connect();
    const body = 'x'.repeat(100_000);
    socket.write(
      `PUT /v4/session HTTP/1.1\r\nHost: localhost:${PORT}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    const first = await rawExchange(socket, (t) => /\r\n\r\n[\s\S]*\}/.test(t));
    expect(first.text).toMatch(/^HTTP\/1\.1 413/);
    if (first.closed || socket.destroyed) return; // closing cleanly is also an answer
    socket.write(GET_COUNTRIES);
    const second = await rawExchange(socket, (t) => /^HTTP\/1\.1 200/.test(t) && /\]\s*$/.test(t));
    socket.destroy();
    expect(second.text).toMatch(/^HTTP\/1\.1 200/);
  });

  test('a body far over the limit gets its 413 before the body is sent, the connection closes, and a new one works', async () => {
    const socket = await connect();
    socket.on('error', () => undefined);
    const declared = 50 * 1024 * 1024;
    socket.write(
      `PUT /v4/session HTTP/1.1\r\nHost: localhost:${PORT}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    socket.write('x'.repeat(200_000));
    const first = await rawExchange(socket, () => false, 6000);
    expect(first.text).toMatch(/^HTTP\/1\.1 413/);
    // The server does not wait for the other 50 MB: the answer says so and the connection ends.
    expect(first.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(first.closed).toBe(true);
    socket.destroy();

    const fresh = await connect();
    fresh.write(GET_COUNTRIES);
    const answer = await rawExchange(fresh, (t) => /^HTTP\/1\.1 200/.test(t));
    fresh.destroy();
    expect(answer.text).toMatch(/^HTTP\/1\.1 200/);
  });
});

test.describe('serving through Next', () => {
  test('HEAD and OPTIONS on /v4 agree with Allow', async ({ request }) => {
    const head = await request.head('/v4/countries');
    expect(head.status()).toBe(200);
    expect(head.headers()['content-type']).toContain('application/json');
    const options = await request.fetch('/v4/countries', { method: 'OPTIONS' });
    expect(options.status()).toBe(204);
    expect(options.headers().allow).toBe('GET, HEAD, OPTIONS');
    const session = await request.fetch('/v4/session', { method: 'OPTIONS' });
    expect(session.headers().allow).toBe('DELETE, OPTIONS, PUT');
  });

  test('public files answer other methods with 405 and one Allow, and an unsatisfiable range with 416', async ({
    request,
  }) => {
    for (const path of ['/brochure.pdf', '/flags/us.svg']) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const response = await request.fetch(path, { method });
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(
          response
            .headersArray()
            .filter((h) => h.name.toLowerCase() === 'allow')
            .map((h) => h.value),
        ).toEqual(['GET, HEAD']);
      }
    }
    const whole = await request.get('/brochure.pdf');
    const size = (await whole.body()).length;
    const beyond = await request.get('/brochure.pdf', { headers: { range: `bytes=${size}-` } });
    expect(beyond.status()).toBe(416);
    expect(beyond.headers()['content-range']).toBe(`bytes */${size}`);
    const part = await request.get('/brochure.pdf', { headers: { range: 'bytes=0-9' } });
    expect(part.status()).toBe(206);
    expect((await part.body()).length).toBe(10);
  });

  test('no request header or long query is echoed into the answer headers', async ({ request }) => {
    const evil = await request.get('/login', { headers: { host: 'evil.example' } });
    expect(JSON.stringify(evil.headersArray())).not.toContain('evil.example');
    const long = await request.get(`/search-listing?q=${'a'.repeat(8000)}`);
    expect(long.status()).toBe(414);
    const bytes = long.headersArray().reduce((sum, h) => sum + h.name.length + h.value.length, 0);
    expect(bytes).toBeLessThan(4000);
  });

  test('a missing provider page is not cacheable by shared caches', async ({ request }) => {
    const response = await request.get('/provider-details/1999999990');
    expect(response.status()).toBe(404);
    expect(response.headers()['cache-control'] ?? '').not.toMatch(/s-maxage|public/);
  });

  test("a personal page's CSP carries a nonce, no 'unsafe-inline' for scripts, and its scripts carry the nonce", async ({
    page,
    request,
  }) => {
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);
    const violations = await watchViolations(page);
    const response = await page.goto('/account-section');
    const csp = response!.headers()['content-security-policy']!;
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
    const html = await response!.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((m) => m[1]!)
      .filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    // A public page keeps its shared policy.
    const home = await request.get('/');
    expect(home.headers()['content-security-policy']).toContain("'unsafe-inline'");
    expect(home.headers()['content-security-policy']).not.toContain('nonce-');
  });
});

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v4Routes, type V4RouteId } from '../contracts/routes';
import { useTestDatabase } from '../testing/test-db';
import { signUpAndLogin } from '../testing/v4';
import { createV4FastPath } from './v4-fast-path';

/*
 * Issue 11: one way to serve /v4. The route table is the single source of truth; app/v4 has one
 * route file that hands everything to the dispatcher, and in production the fast path (kept: it
 * halves the CPU of a /v4 request on the benchmark machine, lib/docs/decisions/v4-fast-path.md)
 * answers before Next. Every route of the table must answer the same through both.
 */

useTestDatabase();

const root = path.resolve(import.meta.dirname, '../..');
const routeFile = path.join(root, 'app/v4/[...rest]/route.ts');

describe('app/v4 route files', () => {
  it('are one catch-all that serves every method of the route table', async () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else files.push(path.relative(root, full));
      }
    };
    walk(path.join(root, 'app/v4'));
    expect(files).toEqual([path.join('app', 'v4', '[...rest]', 'route.ts')]);
    const exported = await import(routeFile);
    for (const route of Object.values(v4Routes)) expect(typeof exported[route.method], route.method).toBe('function');
  });
});

describe('the fast path and the route file answer every route alike', () => {
  let server: http.Server;
  let base: string;
  let token: string;

  beforeAll(async () => {
    token = (await signUpAndLogin()).token;
    // A build's manifest with no header, redirect or rewrite rules (next.config.mjs adds none to /v4).
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v4-fast-path-'));
    fs.writeFileSync(path.join(distDir, 'routes-manifest.json'), JSON.stringify({ caseSensitive: false, headers: [], redirects: [], rewrites: [] }));
    const fast = createV4FastPath({ distDir, port: 0 });
    server = http.createServer((req, res) => {
      void fast.handle(req, res).then((answered) => {
        if (!answered) res.writeHead(599).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A request for each route: real ids where a page exists, bodies that are refused alike. */
  function sample(id: V4RouteId): { path: string; init: RequestInit } {
    const route = v4Routes[id];
    const params: Record<string, string> = { id: route.path.startsWith('/v4/images') ? '00000000-0000-4000-8000-000000000000' : '3', token: 'a'.repeat(43) };
    let target = route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'x');
    if (id === 'listProviders' || id === 'listClinics') target += '?lat=30.27&lng=-97.74&pageSize=2';
    if (id.startsWith('geo')) target += id === 'geoReverse' ? '?lat=30.27&lng=-97.74' : '?q=Austin';
    const headers: Record<string, string> = { 'x-auth-token': token, language: 'sp', 'x-forwarded-for': '10.1.2.3' };
    const init: RequestInit = { method: route.method, headers };
    if (route.method === 'POST' || route.method === 'PUT') {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify({ unexpected: true });
    }
    return { path: target, init };
  }

  it.each(Object.keys(v4Routes).filter((id) => id !== 'logout') as V4RouteId[])('%s', async (id) => {
    const { path: target, init } = sample(id);
    const viaFastPath = await fetch(`${base}${target}`, init);
    const exported = (await import(routeFile)) as Record<string, (request: Request) => Promise<Response>>;
    const viaRouteFile = await exported[v4Routes[id].method]!(new Request(`http://app.test${target}`, init));
    expect(viaFastPath.status).toBe(viaRouteFile.status);
    expect(viaFastPath.headers.get('content-type')).toBe(viaRouteFile.headers.get('content-type'));
    expect(viaFastPath.headers.get('cache-control')).toBe(viaRouteFile.headers.get('cache-control'));
    const [fastBody, fileBody] = [await viaFastPath.text(), await viaRouteFile.text()];
    expect(fastBody).toBe(fileBody);
  });
});

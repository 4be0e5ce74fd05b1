// The production HTTP server, started by lib/server/start.ts. It is Next's own request handler
// behind a plain node:http server because route handlers cannot see the socket: the client's
// address (for per-address throttles), whether forwarded headers come from a trusted proxy, and
// whether a request is local (/dev/mailbox) are decided here, from the socket, by ./edge.ts,
// which also answers hostile paths and methods before Next can stumble on them (issue 10).
// Requests to the /v4 API skip Next's pipeline (./v4-fast-path.ts, README "Decisions").
// It listens on loopback only unless HOST says otherwise.
import http from 'node:http';
import { register } from 'node:module';
import next from 'next';
import { tsImport } from 'tsx/esm/api';
import { createStaticBrotli } from './static-brotli.mjs';

const port = Number(process.env.PORT || 3000);

const app = next({ dev: false, dir: process.cwd(), port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();
const distDir = process.env.NEXT_DIST_DIR || '.next';
const staticBrotli = createStaticBrotli(distDir);
// The backend is TypeScript: tsx compiles it on load, and the hook lets its `server-only`
// imports resolve as they do inside Next's bundle. One tsImport, so the backend loads once.
register('./server-only-hook.mjs', import.meta.url);
const { createEdge, createV4FastPath, listenHosts, parseServerEnv, scanApiMethods, startAppJobs, stopAppJobs } = await tsImport(
  './edge.ts',
  import.meta.url,
);
const env = parseServerEnv(process.env);
const v4 = createV4FastPath({ distDir, port });
const edge = createEdge({ env, secret: process.env.SESSION_SECRET ?? '', apiMethods: scanApiMethods(process.cwd()) });

function onRequest(req, res) {
  edge
    .handle(req, res)
    .then((answered) => {
      if (answered) return true;
      const first = req.url?.startsWith('/v4/') ? v4 : staticBrotli;
      return first.handle(req, res).then((done) => done || handle(req, res));
    })
    .catch((error) => {
      if (res.headersSent) {
        console.error('[serve] request failed after answering began', req.method, req.url, error);
        res.destroy();
      } else handle(req, res);
    });
}

// One server per address: by default 127.0.0.1 and ::1 (a machine without IPv6 keeps the first).
const hosts = listenHosts(env.HOST);
const servers = [];
let listening = 0;
for (const host of hosts) {
  const server = http.createServer(onRequest);
  servers.push(server);
  server.on('error', (error) => {
    if (!env.HOST && host === '::1' && ['EADDRNOTAVAIL', 'EAFNOSUPPORT'].includes(error.code)) return;
    console.error(`Cannot listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    if (++listening === 1) {
      void staticBrotli.warm();
      // Background jobs (lib/backend/jobs) run in this process, which holds the database.
      void startAppJobs();
    }
    console.log(`Listening on ${host.includes(':') ? `[${host}]` : host}:${port}`);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // Exits once every listener is closed and a job run under way has finished.
    let open = servers.length + 1;
    const closed = () => --open === 0 && process.exit(0);
    for (const server of servers) server.close(closed);
    stopAppJobs()
      .catch((error) => console.error('[jobs] stopping failed', error))
      .finally(closed);
  });
}

// The production HTTP server, started by lib/custom-server/start.ts: Next's documented custom server
// (`next({ dev, hostname, port })` and `app.getRequestHandler()`) behind a plain node:http
// server, kept for what a route handler cannot see: the socket. The client's address (for
// per-address throttles), whether forwarded headers come from a trusted proxy, whether a request
// is local (/dev/mailbox), and the few answers Next gets wrong before any route runs are decided
// here by ./edge.ts (lib/docs/decisions/own-http-server.md). Everything else, /v4 included, is
// Next's own pipeline, as in `next dev`. It listens on loopback only unless HOST says otherwise.
import http from 'node:http';
import path from 'node:path';
import { register } from 'node:module';
import next from 'next';
import { tsImport } from 'tsx/esm/api';

const port = Number(process.env.PORT || 3000);

// The backend's recurring jobs start in Next's bundle (instrumentation.ts), with the one copy
// of the backend that serves requests; this tells it that this process is the server.
process.env.APP_JOBS = '1';
const app = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();
// The edge is TypeScript over configuration and contracts (no backend): tsx compiles it on
// load, and the hook resolves its `server-only` imports as Next's server bundle does.
register('./server-only-hook.mjs', import.meta.url);
const { SERVER_TIMEOUTS, createEdge, listenHosts, parseServerEnv, scanApiMethods } = await tsImport(
  './edge.ts',
  import.meta.url,
);
// The app's one logger (JSON lines on stdout); its state is shared with the copy in Next's bundle.
const { logger } = await tsImport('../logging/logger.ts', import.meta.url);
const env = parseServerEnv(process.env);
const edge = createEdge({
  env,
  secret: process.env.SESSION_SECRET ?? '',
  apiMethods: scanApiMethods(process.cwd()),
  publicDir: path.join(process.cwd(), 'public'),
});

function onRequest(req, res) {
  edge
    .handle(req, res)
    .then((answered) => answered || handle(req, res))
    .catch((error) => {
      if (res.headersSent) {
        logger.error({ err: error, method: req.method, url: req.url }, 'request failed after answering began');
        res.destroy();
      } else handle(req, res);
    });
}

// One server per address: by default 127.0.0.1 and ::1 (a machine without IPv6 keeps the first).
const hosts = listenHosts(env.HOST);
const servers = [];
for (const host of hosts) {
  const server = http.createServer(onRequest);
  Object.assign(server, SERVER_TIMEOUTS);
  servers.push(server);
  server.on('error', (error) => {
    if (!env.HOST && host === '::1' && ['EADDRNOTAVAIL', 'EAFNOSUPPORT'].includes(error.code)) return;
    logger.fatal({ host, port }, `Cannot listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, host, () =>
    logger.info({ host, port }, `Listening on ${host.includes(':') ? `[${host}]` : host}:${port}`),
  );
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // Exits once every listener is closed and a job run under way has finished.
    let open = servers.length + 1;
    const closed = () => --open === 0 && process.exit(0);
    for (const server of servers) server.close(closed);
    const stopJobs = globalThis[Symbol.for('dental-booking.stop-app-jobs')];
    Promise.resolve(stopJobs?.())
      .catch((error) => logger.error({ err: error }, 'stopping the background jobs failed'))
      .finally(closed);
  });
}

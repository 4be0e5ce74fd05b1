// The production HTTP server, started by lib/server/start.ts. It is Next's own request handler
// behind a plain node:http server for one reason: route handlers cannot see the socket, and
// Next keeps a client-sent X-Forwarded-For as it is, so per-address login and reset throttles
// could be dodged by sending that header. Here the header is rewritten to the real client:
// the socket address, or with TRUST_PROXY_HOPS=N the Nth address from the right.
// Requests to the /v4 API skip Next's pipeline (./v4-fast-path.ts, README "Decisions").
import http from 'node:http';
import { register } from 'node:module';
import next from 'next';
import { tsImport } from 'tsx/esm/api';
import { createStaticBrotli } from './static-brotli.mjs';

const port = Number(process.env.PORT || 3000);
const hops = Number(process.env.TRUST_PROXY_HOPS || 0);

const app = next({ dev: false, dir: process.cwd(), port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();
const distDir = process.env.NEXT_DIST_DIR || '.next';
const staticBrotli = createStaticBrotli(distDir);
// The backend is TypeScript: tsx compiles it on load, and the hook lets its `server-only`
// imports resolve as they do inside Next's bundle.
register('./server-only-hook.mjs', import.meta.url);
const { createV4FastPath } = await tsImport('./v4-fast-path.ts', import.meta.url);
const v4 = createV4FastPath({ distDir, port });

const server = http.createServer((req, res) => {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  const chain = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const client = hops > 0 ? (chain[chain.length - hops] ?? socketAddress) : socketAddress;
  req.headers['x-forwarded-for'] = client;
  delete req.headers['x-real-ip'];
  const first = req.url?.startsWith('/v4/') ? v4 : staticBrotli;
  first
    .handle(req, res)
    .then((answered) => answered || handle(req, res))
    .catch((error) => {
      if (res.headersSent) {
        console.error('[serve] request failed after answering began', req.method, req.url, error);
        res.destroy();
      } else handle(req, res);
    });
});
server.listen(port, () => {
  console.log(`Listening on port ${port}`);
  void staticBrotli.warm();
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}

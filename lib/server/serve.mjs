// The production HTTP server, started by lib/server/start.ts. It is Next's own request handler
// behind a plain node:http server for one reason: route handlers cannot see the socket, and
// Next keeps a client-sent X-Forwarded-For as it is, so per-address login and reset throttles
// could be dodged by sending that header. Here the header is rewritten to the real client:
// the socket address, or with TRUST_PROXY_HOPS=N the Nth address from the right.
import http from 'node:http';
import next from 'next';
import { createStaticBrotli } from './static-brotli.mjs';

const port = Number(process.env.PORT || 3000);
const hops = Number(process.env.TRUST_PROXY_HOPS || 0);

const app = next({ dev: false, dir: process.cwd(), port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();
const staticBrotli = createStaticBrotli(process.env.NEXT_DIST_DIR || '.next');

const server = http.createServer((req, res) => {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  const chain = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const client = hops > 0 ? (chain[chain.length - hops] ?? socketAddress) : socketAddress;
  req.headers['x-forwarded-for'] = client;
  delete req.headers['x-real-ip'];
  staticBrotli
    .handle(req, res)
    .then((answered) => answered || handle(req, res))
    .catch(() => handle(req, res));
});
server.listen(port, () => {
  console.log(`Listening on port ${port}`);
  void staticBrotli.warm();
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}

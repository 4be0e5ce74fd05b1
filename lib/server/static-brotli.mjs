// Serves Next's hashed static JavaScript and CSS brotli-compressed (quality 11), compressed once
// per file and kept in memory. Next's own server only gzips, and the public pages' budget for
// compressed JavaScript (issue 3: under 130 kB for the provider page) sits below what React and
// Next's router alone weigh gzipped; brotli takes about an eighth off. Files under
// /_next/static never change for a build (their names carry a hash), so they are immutable.
// Anything else, or a browser that does not accept br, goes on to Next unchanged.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const TYPES = { '.js': 'application/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
/** Compressed files by URL path; a promise while compressing, null when the file is not ours to serve. */
const cache = new Map();

function compress(file) {
  return fs.promises
    .readFile(file)
    .then((body) =>
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    )
    .catch(() => null);
}

export function createStaticBrotli(distDir) {
  const root = path.resolve(distDir, 'static');

  /** The file under .next/static for a URL path, or null (no traversal out of it, only .js and .css). */
  function fileFor(urlPath) {
    if (!urlPath.startsWith('/_next/static/')) return null;
    let relative;
    try {
      relative = decodeURIComponent(urlPath.slice('/_next/static/'.length));
    } catch {
      return null;
    }
    if (!TYPES[path.extname(relative)]) return null;
    const file = path.resolve(root, relative);
    return file.startsWith(`${root}${path.sep}`) ? file : null;
  }

  function compressed(urlPath, file) {
    let entry = cache.get(urlPath);
    if (!entry) {
      entry = compress(file);
      cache.set(urlPath, entry);
    }
    return entry;
  }

  /** Answers the request when it can; resolves false to let Next answer it. */
  async function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (!/\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))) return false;
    const urlPath = (req.url ?? '').split('?')[0];
    const file = fileFor(urlPath);
    if (!file) return false;
    const body = await compressed(urlPath, file);
    if (!body) return false;
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)],
      'content-encoding': 'br',
      'content-length': body.length,
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  /** Compresses every chunk ahead of the first visitors, one at a time, in the background. */
  async function warm() {
    const dir = path.join(root, 'chunks');
    let names = [];
    try {
      names = await fs.promises.readdir(dir, { recursive: true });
    } catch {
      return;
    }
    for (const name of names) {
      if (!TYPES[path.extname(name)]) continue;
      const urlPath = `/_next/static/chunks/${name.split(path.sep).join('/')}`;
      await compressed(urlPath, path.join(dir, name));
    }
  }

  return { handle, warm };
}

import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small S3-protocol server for tests (never the internet): PUT, GET, HEAD and DELETE Object on
 * one bucket, objects in memory. Every request's SigV4 Authorization header is checked by
 * recomputing the signature here, independently of aws4fetch, and the signed payload hash must
 * match the bytes received, as AWS does; anything else answers S3's XML errors. `failNext`
 * makes the next requests fail as a broken store would.
 */

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  objects: Map<string, { contentType: string; bytes: Buffer }>;
  /** Requests seen, with whether their signature checked out. */
  log: { method: string; key: string; host: string; verified: boolean; status: number }[];
  /**
   * After `skip` more requests (of `method`, or any) succeed, the next `count` answer `status`
   * (or hang without answering, `'hang'`).
   */
  failNext(count: number, status: number | 'hang', method?: string, skip?: number): void;
  close(): Promise<void>;
}

const MAX_CLOCK_SKEW_MS = 15 * 60_000;

function hmac(key: crypto.BinaryLike, text: string): Buffer {
  return crypto.createHmac('sha256', key).update(text).digest();
}
const sha256 = (data: crypto.BinaryLike) => crypto.createHash('sha256').update(data).digest('hex');

/** S3's URI encoding of a path: each segment's bytes, unreserved characters kept. */
function canonicalPath(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

function canonicalQuery(search: URLSearchParams): string {
  const enc = (v: string) =>
    encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return [...search]
    .map(([k, v]) => [enc(k), enc(v)])
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1))
    .map((p) => p.join('='))
    .join('&');
}

type Check = { ok: true } | { ok: false; code: string; status: number };

function verifySignature(req: http.IncomingMessage, url: URL, body: Buffer, server: S3TestServer): Check {
  const auth = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return { ok: false, code: 'AccessDenied', status: 403 };
  const [, keyId, date, region, signedHeaderList, signature] = match as unknown as string[];
  if (keyId !== server.accessKeyId) return { ok: false, code: 'InvalidAccessKeyId', status: 403 };
  if (region !== server.region) return { ok: false, code: 'AuthorizationHeaderMalformed', status: 400 };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const when = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!amzDate.startsWith(date!) || !(Math.abs(Date.now() - when) < MAX_CLOCK_SKEW_MS)) {
    return { ok: false, code: 'RequestTimeTooSkewed', status: 403 };
  }
  const signedHeaders = signedHeaderList!.split(';');
  // What must be signed for the signature to protect the request: where it goes, when, and what it carries.
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!signedHeaders.includes(required)) return { ok: false, code: 'AccessDenied', status: 403 };
  }
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256(body)) return { ok: false, code: 'XAmzContentSHA256Mismatch', status: 400 };
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    req.method,
    canonicalPath(url.pathname),
    canonicalQuery(url.searchParams),
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${server.secretAccessKey}`, date!), region!), 's3'), 'aws4_request');
  const expected = hmac(signingKey, stringToSign).toString('hex');
  const same = crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature!));
  return same ? { ok: true } : { ok: false, code: 'SignatureDoesNotMatch', status: 403 };
}

function xmlError(res: http.ServerResponse, status: number, code: string, method: string): void {
  res.statusCode = status;
  if (method === 'HEAD') return void res.end();
  res.setHeader('content-type', 'application/xml');
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

export async function startS3TestServer(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string; region?: string } = {},
): Promise<S3TestServer> {
  const failures: { status: number | 'hang'; method?: string; skip: number }[] = [];
  const hanging = new Set<http.ServerResponse>();
  const state: S3TestServer = {
    url: '',
    port: 0,
    bucket: options.bucket ?? 'patient-images',
    accessKeyId: options.accessKeyId ?? 'AKIDTESTSTORAGE',
    secretAccessKey: options.secretAccessKey ?? 'test-secret-key/for+the+local+s3',
    region: options.region ?? 'eu-test-1',
    objects: new Map(),
    log: [],
    failNext(count, status, method, skip = 0) {
      for (let i = 0; i < count; i++) failures.push({ status, method, skip });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? 'GET';
      const host = String(req.headers.host ?? '');
      const url = new URL(req.url ?? '/', `http://${host}`);
      // Virtual-host style names the bucket in the host; path style in the first segment.
      const virtualBucket = host.endsWith(`.localhost:${state.port}`) ? host.slice(0, host.indexOf('.')) : undefined;
      const segments = url.pathname.slice(1).split('/');
      const bucket = virtualBucket ?? decodeURIComponent(segments.shift() ?? '');
      const key = segments.map(decodeURIComponent).join('/');
      const entry = { method, key, host, verified: false, status: 0 };
      state.log.push(entry);
      res.on('finish', () => (entry.status = res.statusCode));

      const matching = failures.filter((f) => !f.method || f.method === method);
      const index = matching[0] && matching[0].skip === 0 ? failures.indexOf(matching[0]) : -1;
      // A request let through counts down the skip of every failure waiting for its kind.
      if (index < 0) for (const f of matching) f.skip = Math.max(0, f.skip - 1);
      if (index >= 0) {
        const [failure] = failures.splice(index, 1);
        if (failure!.status === 'hang') return void hanging.add(res);
        return xmlError(res, failure!.status, failure!.status >= 500 ? 'InternalError' : 'AccessDenied', method);
      }
      const check = verifySignature(req, url, body, state);
      if (!check.ok) return xmlError(res, check.status, check.code, method);
      entry.verified = true;
      if (bucket !== state.bucket) return xmlError(res, 404, 'NoSuchBucket', method);
      if (!key) return xmlError(res, 400, 'InvalidRequest', method);

      if (method === 'PUT') {
        state.objects.set(key, {
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          bytes: body,
        });
        res.setHeader('etag', `"${crypto.createHash('md5').update(body).digest('hex')}"`);
        return void res.end();
      }
      const object = state.objects.get(key);
      if (method === 'DELETE') {
        state.objects.delete(key);
        res.statusCode = 204;
        return void res.end();
      }
      if (method !== 'GET' && method !== 'HEAD') return xmlError(res, 405, 'MethodNotAllowed', method);
      if (!object) return xmlError(res, 404, 'NoSuchKey', method);
      res.setHeader('content-type', object.contentType);
      res.setHeader('content-length', object.bytes.length);
      res.end(method === 'HEAD' ? undefined : object.bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}`;
  return state;
}

/**
 * A fetch for virtual-host style against this server: `<bucket>.localhost` does not resolve on
 * every machine, so the connection goes to 127.0.0.1 while the request, Host header included,
 * stays exactly as signed.
 */
export function loopbackFetch(port: number): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    headers.host = url.host;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: url.pathname + url.search,
          headers,
          signal: request.signal,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (c: Buffer) => chunks.push(c));
          incoming.on('end', () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(incoming.headers))
              if (typeof value === 'string') responseHeaders.set(name, value);
            const status = incoming.statusCode ?? 500;
            const noBody = status === 204 || request.method === 'HEAD';
            resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

import 'server-only';
import crypto from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { ApiError } from '../../errors';
import { logger } from '../../../logging/logger';
import type { S3Settings } from '../../../config/server-env';
import type { FileStorage, StoredObject } from './file-storage';

/** One attempt's limit: a hung store must not hold an upload (or a purge job) forever. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Every call is idempotent (PUT of the same bytes, GET, HEAD, DELETE), so one retry is safe. */
const ATTEMPTS = 2;

export type FetchLike = (request: Request) => Promise<Response>;

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2...) through four
 * SigV4-signed REST calls: PUT, GET, HEAD and DELETE Object. aws4fetch signs; the payload's
 * SHA-256 is signed too (not UNSIGNED-PAYLOAD), so the store refuses bytes altered on the way.
 *
 * Objects are not transactional: images-service writes them before the rows that name them and
 * removes them when those rows fail. Any failure of the store (network, timeout, 5xx, 403 from
 * wrong credentials) is logged here with the store's own code and answered as 503
 * `storageUnavailable`, never with the store's details.
 */
export function createS3Storage(settings: S3Settings, fetchImpl: FetchLike = (request) => fetch(request)): FileStorage {
  // aws4fetch retries 5xx itself up to 10 times by default; the retry is ours (below), bounded.
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
    retries: 0,
  });
  const endpoint = new URL(settings.endpoint);

  function objectUrl(key: string): string {
    const path = `${settings.prefix}${key}`.split('/').map(encodeURIComponent).join('/');
    return settings.urlStyle === 'path'
      ? `${endpoint.origin}/${settings.bucket}/${path}`
      : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}/${path}`;
  }

  async function call(
    method: 'PUT' | 'GET' | 'HEAD' | 'DELETE',
    key: string,
    object?: StoredObject,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      'x-amz-content-sha256': crypto
        .createHash('sha256')
        .update(object?.bytes ?? '')
        .digest('hex'),
    };
    if (object) headers['content-type'] = object.contentType;
    let failure: unknown;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const signed = await client.sign(objectUrl(key), {
          method,
          headers,
          body: object ? new Uint8Array(object.bytes) : undefined,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const response = await fetchImpl(signed);
        // 404 answers GET and HEAD (no such key); DELETE of a missing key is a success in S3.
        if (response.ok || (response.status === 404 && method !== 'PUT')) return response;
        failure = `${response.status} ${await errorCodeOf(response)}`;
        // A refusal (403 wrong key, 400 bad request) will not change on retry; 5xx and 429 may.
        if (response.status < 500 && response.status !== 429) break;
      } catch (error) {
        failure = error;
      }
    }
    logger.error({ err: failure, method, object: `${settings.bucket}/${settings.prefix}${key}` }, 'S3 request failed');
    throw new ApiError('storageUnavailable');
  }

  return {
    kind: 's3',
    async put(key, object) {
      await call('PUT', key, object);
    },
    async get(key) {
      const response = await call('GET', key);
      if (response.status === 404) return undefined;
      try {
        const bytes = Buffer.from(await response.arrayBuffer());
        return { contentType: response.headers.get('content-type') ?? 'application/octet-stream', bytes };
      } catch (error) {
        logger.error(
          { err: error, method: 'GET', object: `${settings.bucket}/${settings.prefix}${key}` },
          'S3 answer body broke off',
        );
        throw new ApiError('storageUnavailable');
      }
    },
    async has(key) {
      const response = await call('HEAD', key);
      return response.status !== 404;
    },
    async delete(key) {
      const response = await call('DELETE', key);
      await response.body?.cancel();
    },
  };
}

/** The `<Code>` of an S3 XML error body (AccessDenied, SignatureDoesNotMatch, NoSuchBucket...), for the log. */
async function errorCodeOf(response: Response): Promise<string> {
  try {
    const text = (await response.text()).slice(0, 2000);
    return /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? '';
  } catch {
    return '';
  }
}

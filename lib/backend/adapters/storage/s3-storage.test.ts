import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseServerEnv, s3Settings, type S3Settings } from '../../../config/server-env';
import { ApiError } from '../../errors';
import { captureLogs } from '../../../testing/log-capture';
import { loopbackFetch, startS3TestServer, type S3TestServer } from '../../../testing/s3-test-server';
import { createS3Storage } from './s3-storage';

/*
 * The S3 store against a local S3-protocol server that recomputes every SigV4 signature
 * (lib/testing/s3-test-server.ts): both URL styles, the key prefix, the payload hash, and every
 * failure of the store turned into our 503 `storageUnavailable`, never the store's details.
 */

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(() => s3.close());
beforeEach(() => {
  s3.log.length = 0;
});

function settings(overrides: Partial<S3Settings> = {}): S3Settings {
  return {
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    endpoint: s3.url,
    urlStyle: 'path',
    prefix: '',
    ...overrides,
  };
}

const object = { contentType: 'image/png', bytes: Buffer.from('not really a png, but bytes all the same') };

async function storageError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('S3 storage', () => {
  it('puts, heads, gets and deletes objects path-style, every request signed and the payload hash checked', async () => {
    const store = createS3Storage(settings());
    expect(store.kind).toBe('s3');
    await store.put('images/a1', object);
    expect(s3.objects.get('images/a1')).toEqual(object);
    expect(await store.has('images/a1')).toBe(true);
    expect(await store.get('images/a1')).toEqual(object);
    await store.delete('images/a1');
    expect(s3.objects.has('images/a1')).toBe(false);
    expect(await store.has('images/a1')).toBe(false);
    expect(await store.get('images/a1')).toBeUndefined();
    // Deleting what is not there is not an error (S3 answers 204).
    await store.delete('images/a1');
    expect(s3.log.map((r) => [r.method, r.verified, r.status])).toEqual([
      ['PUT', true, 200],
      ['HEAD', true, 200],
      ['GET', true, 200],
      ['DELETE', true, 204],
      ['HEAD', true, 404],
      ['GET', true, 404],
      ['DELETE', true, 204],
    ]);
    expect(s3.log.every((r) => r.host === `127.0.0.1:${s3.port}`)).toBe(true);
  });

  it('names the bucket in the host name in virtual-host style, and prefixes every key', async () => {
    const store = createS3Storage(
      settings({ urlStyle: 'virtual-host', endpoint: `http://localhost:${s3.port}`, prefix: 'dental-booking/' }),
      loopbackFetch(s3.port),
    );
    await store.put('images/v1', object);
    expect(s3.objects.get('dental-booking/images/v1')).toEqual(object);
    expect(await store.get('images/v1')).toEqual(object);
    await store.delete('images/v1');
    expect(s3.objects.size).toBe(0);
    expect(s3.log.map((r) => [r.host, r.key, r.verified])).toEqual([
      [`${s3.bucket}.localhost:${s3.port}`, 'dental-booking/images/v1', true],
      [`${s3.bucket}.localhost:${s3.port}`, 'dental-booking/images/v1', true],
      [`${s3.bucket}.localhost:${s3.port}`, 'dental-booking/images/v1', true],
    ]);
  });

  it('answers a wrong secret, a wrong key id and a missing bucket with storageUnavailable (503), without retrying refusals', async () => {
    const logs = captureLogs();
    for (const wrong of [
      { secretAccessKey: 'not-the-secret' },
      { accessKeyId: 'AKIDUNKNOWN' },
      { bucket: 'no-such-bucket' },
    ]) {
      s3.log.length = 0;
      const error = await storageError(createS3Storage(settings(wrong)).put('images/x', object));
      expect(error).toMatchObject({ errorCode: 'storageUnavailable', status: 503 });
      expect(s3.log).toHaveLength(1);
    }
    expect(s3.objects.has('images/x')).toBe(false);
    // The store's own code goes to the log for the operator, not to the patient.
    expect(logs.map((line) => line.err)).toEqual([
      '403 SignatureDoesNotMatch',
      '403 InvalidAccessKeyId',
      '404 NoSuchBucket',
    ]);
  });

  it('retries a 5xx once: one failure is absorbed, two are a 503', async () => {
    const store = createS3Storage(settings());
    s3.failNext(1, 503, 'PUT');
    await store.put('images/r1', object);
    expect(s3.objects.has('images/r1')).toBe(true);
    s3.failNext(2, 500, 'GET');
    expect(await storageError(store.get('images/r1'))).toMatchObject({ errorCode: 'storageUnavailable' });
    s3.failNext(2, 500, 'DELETE');
    expect(await storageError(store.delete('images/r1'))).toMatchObject({ errorCode: 'storageUnavailable' });
    expect(s3.objects.has('images/r1')).toBe(true);
  });

  it('answers a store that is not there with storageUnavailable', async () => {
    const closed = await startS3TestServer();
    await closed.close();
    const store = createS3Storage(settings({ endpoint: closed.url }));
    expect(await storageError(store.put('images/c1', object))).toMatchObject({ errorCode: 'storageUnavailable' });
    expect(await storageError(store.get('images/c1'))).toMatchObject({ errorCode: 'storageUnavailable' });
  });
});

describe('S3 configuration', () => {
  const base = { S3_BUCKET: 'patient-images', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps the database store without S3 variables, and refuses some of them only', () => {
    expect(s3Settings(parseServerEnv({}))).toBeUndefined();
    expect(() => parseServerEnv({ S3_BUCKET: 'patient-images' })).toThrow(
      /S3 image storage needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as well/,
    );
  });

  it('defaults to AWS virtual-host style, and to path style for a custom endpoint', () => {
    expect(s3Settings(parseServerEnv({ ...base, S3_REGION: 'eu-west-3' }))).toMatchObject({
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      urlStyle: 'virtual-host',
      prefix: '',
    });
    expect(
      s3Settings(parseServerEnv({ ...base, S3_ENDPOINT: 'https://minio.example.com:9000/', S3_PREFIX: 'dental/' })),
    ).toMatchObject({
      endpoint: 'https://minio.example.com:9000',
      urlStyle: 'path',
      prefix: 'dental/',
    });
  });

  it('refuses a plain-http endpoint off this machine, an endpoint with a path, a bad bucket, style or prefix', () => {
    expect(() => parseServerEnv({ ...base, S3_ENDPOINT: 'http://minio.example.com' })).toThrow(
      /S3_ENDPOINT must be an https:\/\/ URL/,
    );
    expect(() => parseServerEnv({ ...base, S3_ENDPOINT: 'https://minio.example.com/bucket' })).toThrow(
      /S3_ENDPOINT must be a scheme, host and port only/,
    );
    expect(() => parseServerEnv({ ...base, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => parseServerEnv({ ...base, S3_URL_STYLE: 'subdomain' })).toThrow(
      /S3_URL_STYLE must be path or virtual-host/,
    );
    expect(() => parseServerEnv({ ...base, S3_PREFIX: '/dental' })).toThrow(/S3_PREFIX must not start with/);
    expect(parseServerEnv({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' }).S3_ENDPOINT).toBe('http://127.0.0.1:9000');
  });

  it('never points tests at a bucket off this machine, whatever the shell exports', () => {
    expect(s3Settings(parseServerEnv({ ...base, NODE_ENV: 'test' }))).toBeUndefined();
    expect(
      s3Settings(parseServerEnv({ ...base, NODE_ENV: 'test', S3_ENDPOINT: 'http://127.0.0.1:9000' })),
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
    });
  });
});

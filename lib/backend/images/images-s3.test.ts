import crypto from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { dispatchV4 } from '../api/dispatch';
import { queryRows } from '../../db/raw';
import { fileStorage } from '../adapters/storage/storage-adapter';
import { countRows, useTestDatabase } from '../../testing/test-db';
import { startS3TestServer } from '../../testing/s3-test-server';
import { runJobNow } from '../jobs/job-runner';
import '../jobs/app-jobs';
import { randomIp, signUpAndLogin } from '../../testing/v4';

/*
 * The image endpoints end to end with the S3 store configured (S3_* variables, as in
 * production) against a local S3-protocol server: bytes go to the bucket and nothing to the
 * database's file table; a failing store answers 503 in our error shape and leaves no image row;
 * a failing row insert leaves no object; a failing delete keeps the image.
 */

// Configured before anything reads the environment (serverEnv() parses it once, on first use).
const s3 = await startS3TestServer();
Object.assign(process.env, {
  S3_BUCKET: s3.bucket,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  S3_REGION: s3.region,
  S3_ENDPOINT: s3.url,
  S3_PREFIX: 'test-prefix/',
});
afterAll(async () => {
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION', 'S3_ENDPOINT', 'S3_PREFIX'])
    delete process.env[name];
  await s3.close();
});

const database = useTestDatabase();

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();

async function upload(token: string, count = 1, language = 'en') {
  const data = new FormData();
  data.set('purpose', 'teeth');
  for (let i = 0; i < count; i++)
    data.append('images', new Blob([new Uint8Array(await png())], { type: 'image/png' }), `t${i}.png`);
  return call('POST', '/v4/images', token, data, language);
}

async function call(method: string, path: string, token: string, body?: BodyInit, language = 'en') {
  const response = await dispatchV4(
    new Request(`http://test${path}`, {
      method,
      body,
      headers: { 'x-auth-token': token, 'x-forwarded-for': randomIp(), language },
      duplex: 'half',
    } as RequestInit),
  );
  const type = response.headers.get('content-type') ?? '';
  return { response, json: type.includes('json') ? await response.json() : undefined };
}

const counts = async () => ({
  images: await countRows(database.db, 'images'),
  files: await countRows(database.db, 'stored_files'),
  objects: s3.objects.size,
});

describe('/v4/images with the S3 store', () => {
  it('still serves and deletes an image stored in the database before S3 was switched on', async () => {
    const { token, user } = await signUpAndLogin();
    const bytes = await png();
    const key = `images/${crypto.randomUUID()}`;
    await database.db.execute(
      sql`insert into stored_files (key, content_type, bytes) values (${key}, 'image/png', ${bytes})`,
    );
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into images (owner_id, purpose, storage_key, content_type, width, height, byte_size, stored_at)
          values (${user.id}, 'teeth', ${key}, 'image/png', 40, 30, ${bytes.length}, now()) returning id`,
    );
    const got = await call('GET', `/v4/images/${row!.id}`, token);
    expect(got.response.status).toBe(200);
    expect(Buffer.from(await got.response.arrayBuffer())).toEqual(bytes);
    expect((await call('DELETE', `/v4/images/${row!.id}`, token)).response.status).toBe(200);
    expect(await queryRows(database.db, sql`select 1 from stored_files where key = ${key}`)).toEqual([]);
  });

  it('stores the bytes in the bucket under the prefix, serves them privately to their owner only, and deletes them', async () => {
    expect(fileStorage().kind).toBe('s3');
    const { token } = await signUpAndLogin();
    const before = await counts();
    const { response, json } = await upload(token, 2);
    expect(response.status).toBe(201);
    expect(await counts()).toEqual({ images: before.images + 2, files: before.files, objects: before.objects + 2 });
    const [key] = await queryRows<{ storage_key: string }>(
      database.db,
      sql`select storage_key from images where id = ${json[0].id}`,
    );
    expect(s3.objects.get(`test-prefix/${key!.storage_key}`)?.contentType).toBe('image/png');

    const got = await call('GET', `/v4/images/${json[0].id}`, token);
    expect(got.response.status).toBe(200);
    expect(got.response.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(Buffer.from(await got.response.arrayBuffer())).metadata()).width).toBe(40);

    const other = await signUpAndLogin();
    expect((await call('GET', `/v4/images/${json[0].id}`, other.token)).response.status).toBe(404);
    expect((await call('DELETE', `/v4/images/${json[0].id}`, other.token)).response.status).toBe(404);
    expect(s3.objects.has(`test-prefix/${key!.storage_key}`)).toBe(true);

    expect((await call('DELETE', `/v4/images/${json[0].id}`, token)).response.status).toBe(200);
    expect(s3.objects.has(`test-prefix/${key!.storage_key}`)).toBe(false);
    expect((await call('GET', `/v4/images/${json[0].id}`, token)).response.status).toBe(404);
    expect(s3.log.every((r) => r.verified)).toBe(true);
  });

  it('answers a store that fails during an upload with 503 in our error shape, leaving no row and no object', async () => {
    const { token } = await signUpAndLogin();
    const before = await counts();
    // The second of three objects fails twice (the retry included): the first is removed again.
    s3.failNext(2, 500, 'PUT', 1);
    s3.log.length = 0;
    const reply = await upload(token, 3, 'es');
    expect(reply.response.status).toBe(503);
    expect(reply.json).toEqual({ errorCode: 'storageUnavailable', message: es.api.storageUnavailable });
    expect(await counts()).toEqual(before);
    expect(s3.log.map((r) => `${r.method} ${r.status}`)).toEqual(['PUT 200', 'PUT 500', 'PUT 500', 'DELETE 204']);
  });

  it('removes the objects when the rows naming them cannot be written', async () => {
    const { token } = await signUpAndLogin();
    const before = await counts();
    // A real failure of the insert, on PGlite and PostgreSQL alike.
    await database.db.execute(
      sql`create function refuse_image() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
    );
    await database.db.execute(
      sql`create trigger refuse_image before insert on images for each row execute function refuse_image()`,
    );
    try {
      const reply = await upload(token, 2);
      expect(reply.response.status).toBe(500);
      expect(reply.json).toMatchObject({ errorCode: 'internal', message: en.api.internal });
    } finally {
      await database.db.execute(sql`drop trigger refuse_image on images`);
      await database.db.execute(sql`drop function refuse_image()`);
    }
    expect(await counts()).toEqual(before);
  });

  it('keeps the image when the store cannot delete it, and answers reads of a store that is down with 503', async () => {
    const { token } = await signUpAndLogin();
    const { json } = await upload(token);
    const before = await counts();
    s3.failNext(2, 500, 'DELETE');
    const failed = await call('DELETE', `/v4/images/${json[0].id}`, token);
    expect(failed.response.status).toBe(503);
    expect(failed.json).toEqual({ errorCode: 'storageUnavailable', message: en.api.storageUnavailable });
    expect(await counts()).toEqual(before);

    s3.failNext(2, 503, 'GET');
    const unreadable = await call('GET', `/v4/images/${json[0].id}`, token);
    expect(unreadable.response.status).toBe(503);
    expect(unreadable.json).toMatchObject({ errorCode: 'storageUnavailable' });

    expect((await call('GET', `/v4/images/${json[0].id}`, token)).response.status).toBe(200);
    expect((await call('DELETE', `/v4/images/${json[0].id}`, token)).response.status).toBe(200);
    expect(s3.objects.size).toBe(before.objects - 1);
  });

  it('sweeps the object of an upload that died between its committed pending row and marking it stored', async () => {
    const { token, user } = await signUpAndLogin();
    const bytes = await png();
    const key = `images/${crypto.randomUUID()}`;
    await fileStorage().put(key, { contentType: 'image/png', bytes });
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into images (owner_id, purpose, storage_key, content_type, width, height, byte_size, created_at)
          values (${user.id}, 'teeth', ${key}, 'image/png', 40, 30, ${bytes.length}, now() - interval '20 minutes') returning id`,
    );
    expect((await call('GET', `/v4/images/${row!.id}`, token)).response.status).toBe(404);
    // A store that fails keeps the row for the next run; the one after removes both.
    s3.failNext(2, 500, 'DELETE');
    await runJobNow('pending-uploads');
    expect(s3.objects.has(`test-prefix/${key}`)).toBe(true);
    expect(await queryRows(database.db, sql`select 1 from images where id = ${row!.id}`)).toHaveLength(1);
    await runJobNow('pending-uploads');
    expect(s3.objects.has(`test-prefix/${key}`)).toBe(false);
    expect(await queryRows(database.db, sql`select 1 from images where id = ${row!.id}`)).toEqual([]);
  });
});

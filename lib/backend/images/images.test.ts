import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { dispatchV4 } from '../api/dispatch';
import { queryRows } from '../../db/raw';
import { fileStorage } from '../adapters/storage/storage-adapter';
import { runJobNow } from '../jobs/job-runner';
import '../jobs/app-jobs';
import { countRows, useTestDatabase } from '../../testing/test-db';
import { randomIp, signUpAndLogin } from '../../testing/v4';
import { jar } from '../../testing/next-headers-mock';

/*
 * POST/GET/DELETE /v4/images and the BFF's /api/images: the one upload path (lib/http/upload.ts)
 * and the one image pipeline (image-pipeline.ts) every patient image goes through.
 */

vi.mock('next/headers', () => import('../../testing/next-headers-mock'));

const database = useTestDatabase();

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
/** A phone photo: JPEG carrying GPS coordinates and a camera model in its EXIF. */
const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#ffffff' } })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snapper 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 35/1' },
    })
    .jpeg()
    .toBuffer();

function form(files: { name: string; bytes: Buffer; type?: string }[], purpose: string | undefined = 'teeth') {
  const data = new FormData();
  if (purpose !== undefined) data.set('purpose', purpose);
  for (const f of files)
    data.append('images', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/png' }), f.name);
  return data;
}

async function call(
  method: string,
  path: string,
  token: string,
  body?: BodyInit,
  headers: Record<string, string> = {},
) {
  const response = await dispatchV4(
    new Request(`http://test${path}`, {
      method,
      body,
      headers: { 'x-auth-token': token, 'x-forwarded-for': randomIp(), ...headers },
      duplex: 'half',
    } as RequestInit),
  );
  const type = response.headers.get('content-type') ?? '';
  const json = type.includes('json') ? await response.json() : undefined;
  return { response, json };
}

/** Files in the disk store (DATA_DIR/files/images), temporary ones included: none may be left. */
function diskFiles(): string[] {
  const folder = path.join(process.env.DATA_DIR!, 'files', 'images');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

/** Uploads' files written as they arrived: each request removes its own, whatever its answer. */
function spoolFiles(): string[] {
  const folder = path.join(process.env.DATA_DIR!, 'uploads-in-progress');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

async function storedCounts() {
  return {
    images: await countRows(database.db, 'images'),
    files: diskFiles().length,
    spooled: spoolFiles().length,
    databaseFiles: await countRows(database.db, 'stored_files'),
  };
}

describe('POST /v4/images', () => {
  it('stores PNG and JPEG images for their owner and serves them back only to that owner, privately', async () => {
    const { token } = await signUpAndLogin();
    const { response, json } = await call(
      'POST',
      '/v4/images',
      token,
      form([
        { name: 'front.png', bytes: await png() },
        { name: 'molar.jpeg', bytes: await jpegWithGps(), type: 'image/jpeg' },
      ]),
    );
    expect(response.status).toBe(201);
    expect(json).toHaveLength(2);
    expect(json[0]).toMatchObject({ purpose: 'teeth', contentType: 'image/png', width: 40, height: 30 });
    expect(json[1]).toMatchObject({ contentType: 'image/jpeg', width: 64, height: 48 });

    const got = await call('GET', `/v4/images/${json[1].id}`, token);
    expect(got.response.status).toBe(200);
    expect(got.response.headers.get('content-type')).toBe('image/jpeg');
    expect(got.response.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await got.response.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(64);

    const other = await signUpAndLogin();
    const stolen = await call('GET', `/v4/images/${json[1].id}`, other.token);
    expect(stolen.response.status).toBe(404);
    expect(stolen.json).toMatchObject({ errorCode: 'notFound' });
    expect((await call('DELETE', `/v4/images/${json[1].id}`, other.token)).response.status).toBe(404);

    expect((await call('DELETE', `/v4/images/${json[1].id}`, token)).response.status).toBe(200);
    expect((await call('GET', `/v4/images/${json[1].id}`, token)).response.status).toBe(404);
  });

  it('strips metadata such as the GPS position', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { token } = await signUpAndLogin();
    const { json } = await call(
      'POST',
      '/v4/images',
      token,
      form([{ name: 'gps.jpg', bytes: original, type: 'image/jpeg' }]),
    );
    const got = await call('GET', `/v4/images/${json[0].id}`, token);
    const stored = Buffer.from(await got.response.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Snapper 9'))).toBe(false);
  });

  it('crops a profile photo to a square', async () => {
    const { token } = await signUpAndLogin();
    const { response, json } = await call(
      'POST',
      '/v4/images',
      token,
      form([{ name: 'me.png', bytes: await png() }], 'profile'),
    );
    expect(response.status).toBe(201);
    expect(json[0]).toMatchObject({ purpose: 'profile', width: json[0].height });
  });

  it("refuses a script renamed .png with the spec's invalid format message (type read from the bytes), storing nothing", async () => {
    const { token } = await signUpAndLogin();
    const before = await storedCounts();
    const script = Buffer.from('#!/bin/sh\nrm -rf /\n');
    const { response, json } = await call('POST', '/v4/images', token, form([{ name: 'cat.png', bytes: script }]), {
      language: 'sp',
    });
    expect(response.status).toBe(415);
    expect(json).toEqual({ errorCode: 'invalidImageFormat', message: 'Formato no válido. Suba una imagen PNG o JPG.' });
    expect(await storedCounts()).toEqual(before);
  });

  it('refuses a corrupt image, and one bad file of two stores neither', async () => {
    const { token } = await signUpAndLogin();
    const before = await storedCounts();
    const good = await png();
    const truncated = good.subarray(0, 40); // a PNG signature and header, then nothing
    const { response, json } = await call(
      'POST',
      '/v4/images',
      token,
      form([
        { name: 'ok.png', bytes: good },
        { name: 'broken.png', bytes: truncated },
      ]),
    );
    expect(response.status).toBe(400);
    expect(json).toMatchObject({
      errorCode: 'corruptImage',
      message: 'This image is corrupt and cannot be read. Please choose another file.',
    });
    expect(await storedCounts()).toEqual(before);
  });

  it('cuts off an 11 MB file while reading it, without taking in the rest of the body', async () => {
    const { token } = await signUpAndLogin();
    const boundary = 'x-test-boundary';
    const total = 30 * 1024 * 1024;
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nteeth\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    let sentHead = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sentHead) {
          sentHead = true;
          controller.enqueue(head);
          return;
        }
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const { response, json } = await call('POST', '/v4/images', token, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(response.status).toBe(413);
    expect(json).toMatchObject({
      errorCode: 'fileTooLarge',
      message: 'File too large. Each image must be under 10 MB.',
    });
    expect(pulled).toBeLessThan(12 * 1024 * 1024);
    expect(spoolFiles()).toEqual([]);
  });

  it('refuses a declared length over the limits before reading, six files, a JSON body and a wrong purpose', async () => {
    const { token } = await signUpAndLogin();
    const declared = await call('POST', '/v4/images', token, 'x', {
      'content-type': 'multipart/form-data; boundary=b',
      'content-length': String(60 * 1024 * 1024),
    });
    expect(declared.response.status).toBe(413);

    const image = await png();
    const six = await call(
      'POST',
      '/v4/images',
      token,
      form(Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, bytes: image }))),
    );
    expect(six.response.status).toBe(400);
    expect(six.json).toMatchObject({ errorCode: 'tooManyFiles' });

    const json = await call('POST', '/v4/images', token, JSON.stringify({ purpose: 'teeth' }), {
      'content-type': 'application/json',
    });
    expect(json.response.status).toBe(415);

    const purpose = await call('POST', '/v4/images', token, form([{ name: 'a.png', bytes: image }], 'selfie'));
    expect(purpose.response.status).toBe(400);
    expect(purpose.json.fields[0].path).toBe('purpose');

    const none = await call('POST', '/v4/images', token, form([]));
    expect(none.response.status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const { response } = await call('POST', '/v4/images', 'nope', form([{ name: 'a.png', bytes: await png() }]));
    expect(response.status).toBe(401);
  });
});

describe('/api/images (BFF): the upload streams through to /v4', () => {
  const ORIGIN = 'http://app.test';
  const bff = (method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) =>
    new Request(`${ORIGIN}${path}`, {
      method,
      body,
      headers: { host: 'app.test', 'x-forwarded-for': '10.9.8.7', origin: ORIGIN, ...headers },
      duplex: 'half',
    } as RequestInit);

  it('uploads and reads back through the BFF with the session cookie, never exposing the token', async () => {
    const { email, password } = await signUpAndLogin();
    jar.clear();
    const session = await import('../../../app/api/session/route');
    const login = await session.POST(
      bff('POST', '/api/session', JSON.stringify({ email, password }), { 'content-type': 'application/json' }),
    );
    expect(login.status).toBe(200);

    const upload = await import('../../../app/api/images/route');
    const reply = await upload.POST(bff('POST', '/api/images', form([{ name: 'a.png', bytes: await png() }])));
    expect(reply.status).toBe(201);
    const [image] = await reply.json();

    const one = await import('../../../app/api/images/[id]/route');
    const got = await one.GET(bff('GET', `/api/images/${image.id}`), { params: Promise.resolve({ id: image.id }) });
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).format).toBe('png');

    const big = await upload.POST(
      bff('POST', '/api/images', 'x', {
        'content-type': 'multipart/form-data; boundary=b',
        'content-length': String(80 * 1024 * 1024),
      }),
    );
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ errorCode: 'fileTooLarge' });
  });
});

describe('the disk store (DATA_DIR/files)', () => {
  it('writes each image as a file, none in the database and no temporary file left, served privately and never cached', async () => {
    const { token } = await signUpAndLogin();
    const before = await storedCounts();
    const { response, json } = await call('POST', '/v4/images', token, form([{ name: 'a.png', bytes: await png() }]));
    expect(response.status).toBe(201);
    expect(await storedCounts()).toEqual({ ...before, images: before.images + 1, files: before.files + 1 });
    expect(diskFiles().some((name) => name.startsWith('.tmp-'))).toBe(false);
    const [row] = await queryRows<{ storage_key: string; stored_at: Date | null }>(
      database.db,
      sql`select storage_key, stored_at from images where id = ${json[0].id}`,
    );
    expect(row!.stored_at).not.toBeNull();
    const onDisk = fs.readFileSync(path.join(process.env.DATA_DIR!, 'files', row!.storage_key));
    const got = await call('GET', `/v4/images/${json[0].id}`, token);
    expect(got.response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await got.response.arrayBuffer())).toEqual(onDisk);
    expect((await call('DELETE', `/v4/images/${json[0].id}`, token)).response.status).toBe(200);
    expect(await storedCounts()).toEqual(before);
  });

  it('sweeps what an upload that died between its row and its file left, and only once the row is old enough', async () => {
    const { token, user } = await signUpAndLogin();
    const bytes = await png();
    // Died after writing the file (stale), died before writing it (stale), and one still under way.
    const keys = [`images/${crypto.randomUUID()}`, `images/${crypto.randomUUID()}`, `images/${crypto.randomUUID()}`];
    await fileStorage().put(keys[0]!, { contentType: 'image/png', bytes });
    await fileStorage().put(keys[2]!, { contentType: 'image/png', bytes });
    const ids: string[] = [];
    for (const [i, key] of keys.entries()) {
      const age = i < 2 ? sql`now() - interval '20 minutes'` : sql`now() - interval '1 minute'`;
      const [row] = await queryRows<{ id: string }>(
        database.db,
        sql`insert into images (owner_id, purpose, storage_key, content_type, width, height, byte_size, created_at)
            values (${user.id}, 'teeth', ${key}, 'image/png', 40, 30, ${bytes.length}, ${age}) returning id`,
      );
      ids.push(row!.id);
    }
    // A pending image is nobody's yet: not served, not deletable.
    expect((await call('GET', `/v4/images/${ids[0]}`, token)).response.status).toBe(404);
    expect((await call('DELETE', `/v4/images/${ids[2]}`, token)).response.status).toBe(404);

    // And a process that died while writing a file: its temporary file, old and recent.
    const folder = path.join(process.env.DATA_DIR!, 'files', 'images');
    const [oldPartial, newPartial] = [
      path.join(folder, `.tmp-${crypto.randomUUID()}`),
      path.join(folder, `.tmp-${crypto.randomUUID()}`),
    ];
    fs.writeFileSync(oldPartial, bytes.subarray(0, 10));
    fs.writeFileSync(newPartial, bytes.subarray(0, 10));
    // Both ages on the process's clock: the kernel stamps a new file with the machine's, which a
    // test run with a moved clock (lib/scripts/test-at-hours.sh) does not share.
    const twentyMinutesAgo = new Date(Date.now() - 20 * 60 * 1000);
    fs.utimesSync(oldPartial, twentyMinutesAgo, twentyMinutesAgo);
    fs.utimesSync(newPartial, new Date(), new Date());

    // And one that died during an upload: the files it was sent, in the spool folder.
    const spool = path.join(process.env.DATA_DIR!, 'uploads-in-progress');
    fs.mkdirSync(spool, { recursive: true });
    const [oldSpooled, newSpooled] = [path.join(spool, 'old.part'), path.join(spool, 'new.part')];
    fs.writeFileSync(oldSpooled, bytes);
    fs.writeFileSync(newSpooled, bytes);
    fs.utimesSync(oldSpooled, twentyMinutesAgo, twentyMinutesAgo);
    fs.utimesSync(newSpooled, new Date(), new Date());

    await runJobNow('pending-uploads');
    expect([fs.existsSync(oldPartial), fs.existsSync(newPartial)]).toEqual([false, true]);
    expect([fs.existsSync(oldSpooled), fs.existsSync(newSpooled)]).toEqual([false, true]);
    fs.rmSync(newPartial);
    fs.rmSync(newSpooled);
    expect(await fileStorage().has(keys[0]!)).toBe(false);
    expect(await fileStorage().has(keys[2]!)).toBe(true);
    const left = await queryRows<{ id: string }>(
      database.db,
      sql`select id from images where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(left.map((r) => r.id)).toEqual([ids[2]]);
  });

  it('moves image bytes an earlier version kept in the database out to files, still serving them', async () => {
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
    // Served from the table until the move.
    expect(Buffer.from(await (await call('GET', `/v4/images/${row!.id}`, token)).response.arrayBuffer())).toEqual(
      bytes,
    );
    await runJobNow('pending-uploads');
    expect(await countRows(database.db, 'stored_files')).toBe(0);
    expect(fs.readFileSync(path.join(process.env.DATA_DIR!, 'files', key))).toEqual(bytes);
    expect(Buffer.from(await (await call('GET', `/v4/images/${row!.id}`, token)).response.arrayBuffer())).toEqual(
      bytes,
    );
  });
});

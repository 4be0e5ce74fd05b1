import crypto from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import es from '../../../messages/es.json';
import { dispatchV4 } from '../api/dispatch';
import { countRows, useTestDatabase } from '../../testing/test-db';
import { randomIp, signUpAndLogin } from '../../testing/v4';
import { ProcessingSlots } from '../images/processing-slots';

/*
 * Each patient's upload rate and storage quota on POST /v4/images, and the server's bounded
 * image-processing slots. Small figures, set before anything reads the environment.
 */
process.env.UPLOADS_PER_HOUR = '4';
process.env.UPLOAD_QUOTA_MB = '2';

const database = useTestDatabase();

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();
/** Noise does not compress: about 1.15 MB as a PNG, before and after the pipeline re-encodes it. */
const noisePng = () =>
  sharp(crypto.randomBytes(620 * 620 * 3), { raw: { width: 620, height: 620, channels: 3 } })
    .png()
    .toBuffer();

async function upload(token: string, images: Buffer[], language = 'en') {
  const data = new FormData();
  data.set('purpose', 'teeth');
  images.forEach((bytes, i) =>
    data.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${i}.png`),
  );
  const response = await dispatchV4(
    new Request('http://test/v4/images', {
      method: 'POST',
      body: data,
      headers: { 'x-auth-token': token, 'x-forwarded-for': randomIp(), language },
    }),
  );
  return { response, json: await response.json() };
}

async function remove(token: string, id: string) {
  return dispatchV4(
    new Request(`http://test/v4/images/${id}`, { method: 'DELETE', headers: { 'x-auth-token': token } }),
  );
}

describe('upload rate per patient', () => {
  it('counts files, not requests: beyond the hourly budget a 429 with Retry-After, in the patient language, storing nothing', async () => {
    const { token } = await signUpAndLogin();
    const image = await png();
    expect((await upload(token, [image, image, image])).response.status).toBe(201);
    const before = await countRows(database.db, 'images');
    const over = await upload(token, [image, image], 'es');
    expect(over.response.status).toBe(429);
    expect(Number(over.response.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(over.json).toMatchObject({
      errorCode: 'tooManyAttempts',
      message: es.api.tooManyUploads.replace('{minutes}', '60'),
    });
    expect(await countRows(database.db, 'images')).toBe(before);
    // Another patient has a budget of their own.
    expect((await upload((await signUpAndLogin()).token, [image])).response.status).toBe(201);
  });

  it('lets no more files through than the budget when uploads arrive at once', async () => {
    const { token } = await signUpAndLogin();
    const image = await png();
    const replies = await Promise.all(Array.from({ length: 8 }, () => upload(token, [image])));
    expect(replies.filter((r) => r.response.status === 201)).toHaveLength(4);
    expect(replies.filter((r) => r.response.status === 429)).toHaveLength(4);
  });
});

describe('storage quota per patient', () => {
  it('refuses an upload that would pass the quota with 413, and accepts one again once images are deleted', async () => {
    const { token } = await signUpAndLogin();
    const first = await upload(token, [await noisePng()]);
    expect(first.response.status).toBe(201);
    const over = await upload(token, [await noisePng()], 'es');
    expect(over.response.status).toBe(413);
    expect(over.json).toEqual({ errorCode: 'storageQuotaExceeded', message: es.api.storageQuotaExceeded });
    expect((await remove(token, first.json[0].id)).status).toBe(200);
    expect((await upload(token, [await noisePng()])).response.status).toBe(201);
  });

  it('lets only one of two simultaneous uploads that fit only one at a time through', async () => {
    const { token } = await signUpAndLogin();
    const [a, b] = await Promise.all([upload(token, [await noisePng()]), upload(token, [await noisePng()])]);
    expect([a.response.status, b.response.status].sort()).toEqual([201, 413]);
  });
});

describe('image processing slots', () => {
  it('runs at most `size` tasks at once, queues the next in order, and refuses beyond the queue with uploadsBusy', async () => {
    const slots = new ProcessingSlots(1, 2);
    const order: string[] = [];
    const gates = new Map<string, () => void>();
    const task = (name: string) =>
      slots.run(async () => {
        order.push(`start ${name}`);
        await new Promise<void>((resolve) => gates.set(name, resolve));
        order.push(`end ${name}`);
        return name;
      });
    const a = task('a');
    const b = task('b');
    const c = task('c');
    await expect(task('d')).rejects.toMatchObject({
      errorCode: 'uploadsBusy',
      status: 503,
      extra: { retryAfterSeconds: 5 },
    });
    expect(slots.busy).toEqual({ running: 1, waiting: 2 });
    await new Promise((r) => setTimeout(r, 0));
    gates.get('a')!();
    await a;
    await new Promise((r) => setTimeout(r, 0));
    gates.get('b')!();
    await b;
    await new Promise((r) => setTimeout(r, 0));
    gates.get('c')!();
    expect(await c).toBe('c');
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(slots.busy).toEqual({ running: 0, waiting: 0 });
  });
});

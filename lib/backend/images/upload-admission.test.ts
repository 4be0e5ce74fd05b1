import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import es from '../../../messages/es.json';
import { dispatchV4 } from '../api/dispatch';
import { countRows, useTestDatabase } from '../../testing/test-db';
import { randomIp, signUpAndLogin } from '../../testing/v4';
import { uploadSlots } from './processing-slots';

/*
 * A burst of uploads: each one admitted holds its files in memory until they are stored, so past
 * UPLOADS_AT_ONCE the next is refused before its body is read, and gets its 503 (its body is read
 * to the end and dropped, so the client is not cut off while still sending).
 */
process.env.UPLOADS_AT_ONCE = '2';

const database = useTestDatabase();

/** An upload's multipart body as a stream that sends its first half and holds the rest until `finish`. */
async function heldUpload() {
  const data = new FormData();
  data.set('purpose', 'teeth');
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();
  data.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  const encoded = new Response(data);
  const type = encoded.headers.get('content-type')!;
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let finish!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.subarray(0, bytes.length / 2));
      finish = () => {
        controller.enqueue(bytes.subarray(bytes.length / 2));
        controller.close();
      };
    },
  });
  return { type, body, finish };
}

function post(token: string, body: BodyInit, type: string, headers: Record<string, string> = {}) {
  return dispatchV4(
    new Request('http://test/v4/images', {
      method: 'POST',
      body,
      headers: { 'x-auth-token': token, 'x-forwarded-for': randomIp(), 'content-type': type, ...headers },
      duplex: 'half',
    } as RequestInit),
  );
}

describe('uploads at once per process', () => {
  it('refuses one more than UPLOADS_AT_ONCE with 503 uploadsBusy and Retry-After before reading it, then takes the next', async () => {
    const [a, b, c] = await Promise.all([signUpAndLogin(), signUpAndLogin(), signUpAndLogin()]);
    const first = await heldUpload();
    const second = await heldUpload();
    const answers = [post(a.token, first.body, first.type), post(b.token, second.body, second.type)];
    await expect.poll(() => uploadSlots().busy.running).toBe(2);

    // Larger than other routes' bodies are ever read (16 MB), within an upload's 50 MB.
    let read = 0;
    const third = new Blob([new Uint8Array(17 * 1024 * 1024)]).stream().pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          read += chunk.length;
          controller.enqueue(chunk);
        },
      }),
    );
    const busy = await post(c.token, third, first.type, {
      language: 'sp',
      'content-length': String(17 * 1024 * 1024),
    });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(await busy.json()).toEqual({ errorCode: 'uploadsBusy', message: es.api.uploadsBusy, retryAfterSeconds: 5 });
    // Its body was read to the end and dropped, so the client got the answer.
    expect(read).toBe(17 * 1024 * 1024);
    expect(await countRows(database.db, 'images')).toBe(0);

    first.finish();
    second.finish();
    expect((await Promise.all(answers)).map((r) => r.status)).toEqual([201, 201]);
    expect(uploadSlots().busy).toEqual({ running: 0, waiting: 0 });
    const again = await heldUpload();
    again.finish();
    expect((await post(c.token, again.body, again.type)).status).toBe(201);
    expect(await countRows(database.db, 'images')).toBe(3);
    // Their files were written to disk as they came, and are gone once stored.
    expect(fs.readdirSync(path.join(process.env.DATA_DIR!, 'uploads-in-progress'))).toEqual([]);
  });
});

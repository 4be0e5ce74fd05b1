import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readUpload } from './upload';

const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-spool-'));
afterAll(() => fs.rmSync(spoolDir, { recursive: true, force: true }));

function multipart(files: { name: string; bytes: Uint8Array }[]): Request {
  const data = new FormData();
  data.set('purpose', 'teeth');
  for (const f of files) data.append('images', new Blob([f.bytes as Uint8Array<ArrayBuffer>]), f.name);
  return new Request('http://test/v4/images', { method: 'POST', body: data });
}

describe('readUpload', () => {
  it('writes each file to the spool folder as it comes, in order, keeps its first bytes, and removes them on dispose', async () => {
    const first = new Uint8Array(300_000).fill(7);
    first.set([0x89, 0x50, 0x4e, 0x47]);
    const second = new TextEncoder().encode('second file');
    const upload = await readUpload(
      multipart([
        { name: 'a.png', bytes: first },
        { name: 'b.png', bytes: second },
      ]),
      { spoolDir },
    );
    expect(upload.fields).toEqual({ purpose: 'teeth' });
    expect(upload.files.map((f) => [f.field, f.filename, f.size])).toEqual([
      ['images', 'a.png', first.length],
      ['images', 'b.png', second.length],
    ]);
    expect(upload.files[0]!.head.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(fs.readFileSync(upload.files[0]!.path).equals(Buffer.from(first))).toBe(true);
    expect(fs.readFileSync(upload.files[1]!.path, 'utf8')).toBe('second file');
    expect(path.dirname(upload.files[0]!.path)).toBe(spoolDir);
    await upload.dispose();
    expect(fs.readdirSync(spoolDir)).toEqual([]);
  });

  it('removes what it wrote when a file passes the limit', async () => {
    const request = multipart([
      { name: 'a.png', bytes: new Uint8Array(10) },
      { name: 'b.png', bytes: new Uint8Array(2_000) },
    ]);
    await expect(readUpload(request, { spoolDir, maxFileBytes: 1_000 })).rejects.toMatchObject({
      errorCode: 'fileTooLarge',
    });
    expect(fs.readdirSync(spoolDir)).toEqual([]);
  });

  it('answers 503 storageUnavailable, not a bad request, when the spool folder cannot be written', async () => {
    const blocked = path.join(spoolDir, 'a-file');
    fs.writeFileSync(blocked, '');
    await expect(
      readUpload(multipart([{ name: 'a.png', bytes: new Uint8Array(10) }]), { spoolDir: path.join(blocked, 'spool') }),
    ).rejects.toMatchObject({ errorCode: 'storageUnavailable', status: 503 });
    fs.rmSync(blocked);
  });
});

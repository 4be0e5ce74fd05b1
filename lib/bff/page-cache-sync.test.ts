import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTERNAL_KEY_HEADER, internalKey } from '../config/internal-key';
import { seedDiscovery } from '../db/seed/discovery';
import { queryRows, useTestDatabase } from '../testing/test-db';

/*
 * POST /api/page-cache end to end in-process: the internal key, the cursor kept beside Next's
 * cache, and which tags get revalidated for a change made straight in the database.
 */

const revalidateTag = vi.fn();
vi.mock('next/cache', () => ({
  revalidateTag: (...args: unknown[]) => revalidateTag(...args),
  unstable_cache: (fn: () => unknown) => fn,
}));

const database = useTestDatabase();
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-'));
// The cursor of the process on PORT (3000 when unset).
const cursorFile = path.join(distDir, 'cache', `discovery-changes-cursor-${process.env.PORT || '3000'}`);

beforeAll(async () => {
  process.env.NEXT_DIST_DIR = distDir;
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 20 });
  });
});
afterAll(() => {
  delete process.env.NEXT_DIST_DIR;
  fs.rmSync(distDir, { recursive: true, force: true });
});
beforeEach(() => revalidateTag.mockClear());

async function sync(key?: string) {
  const { POST } = await import('../../app/api/page-cache/route');
  const headers = new Headers();
  if (key !== undefined) headers.set(INTERNAL_KEY_HEADER, key);
  const response = await POST(new Request('http://app.test/api/page-cache', { method: 'POST', headers }));
  return { status: response.status, body: await response.json() };
}

const KEY = () => internalKey(process.env.SESSION_SECRET!, 'page-cache');

describe('POST /api/page-cache', () => {
  it('refuses callers without the internal key', async () => {
    expect((await sync()).status).toBe(403);
    expect((await sync('0'.repeat(64))).status).toBe(403);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('starts from the current cursor without dropping anything, then drops exactly the changed pages', async () => {
    const first = await sync(KEY());
    expect(first.status).toBe(200);
    expect(first.body.revalidated).toEqual([]);
    expect(Number(fs.readFileSync(cursorFile, 'utf8'))).toBe(first.body.cursor);

    const [pair] = await queryRows<{ provider_id: number; office_id: number }>(
      database.db,
      sql`select provider_id, office_id from provider_offices order by office_id limit 1`,
    );
    await database.db.execute(
      sql`update providers set teledental_fee_cents = teledental_fee_cents + 100 where id = ${pair!.provider_id}`,
    );
    const second = await sync(KEY());
    expect(second.body.revalidated).toEqual([`provider:${pair!.provider_id}`]);
    expect(revalidateTag).toHaveBeenCalledWith(`provider:${pair!.provider_id}`, { expire: 0 });
    expect(second.body.cursor).toBeGreaterThan(first.body.cursor);

    revalidateTag.mockClear();
    expect((await sync(KEY())).body.revalidated).toEqual([]);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('after a restart, catches up from the saved cursor; a bulk change drops every page', async () => {
    await database.db.execute(sql`update specialties set name_en = name_en`);
    const reply = await sync(KEY());
    expect(reply.body.revalidated).toEqual(['discovery']);
    expect(revalidateTag).toHaveBeenCalledWith('discovery', { expire: 0 });
  });
});

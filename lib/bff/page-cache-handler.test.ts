import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types, loaded by Next through next.config.mjs
import PageCacheHandler, { isNotFoundPage } from './page-cache-handler.mjs';

/*
 * The page cache that keeps no 404 pages (junk ids filled it). e2e/edge-security.spec.ts
 * shows it on the built server (a junk id is never a cache HIT); here, that the handler still
 * loads Next's own cache class, and what it refuses to keep.
 */
describe('PageCacheHandler', () => {
  it("extends Next's file-system cache", () => {
    expect(typeof PageCacheHandler).toBe('function');
    expect(Object.getPrototypeOf(PageCacheHandler).name).toBe('FileSystemCache');
  });

  it('keeps no rendered 404 page, and every other entry', async () => {
    expect(isNotFoundPage({ kind: 'APP_PAGE', status: 404 })).toBe(true);
    expect(isNotFoundPage({ kind: 'APP_PAGE', status: 200 })).toBe(false);
    expect(isNotFoundPage({ kind: 'APP_PAGE' })).toBe(false);
    expect(isNotFoundPage({ kind: 'FETCH', data: { status: 404 } })).toBe(false);
    expect(isNotFoundPage(null)).toBe(false);

    const cache = new PageCacheHandler({
      fs: undefined,
      serverDistDir: '/nonexistent',
      flushToDisk: false,
      maxMemoryCacheSize: 1024 * 1024,
      revalidatedTags: [],
      _requestHeaders: {},
    });
    const ctx = { isRoutePPREnabled: false, isFallback: false, tags: [] };
    await cache.set(
      '/provider-details/1999999999',
      { kind: 'APP_PAGE', status: 404, html: '', headers: {}, rscData: undefined },
      ctx,
    );
    expect(
      await cache.get('/provider-details/1999999999', {
        kind: 'APP_PAGE',
        isRoutePPREnabled: false,
        isFallback: false,
      }),
    ).toBeNull();
    // A found page is kept as before.
    await cache.set(
      '/provider-details/1',
      { kind: 'APP_PAGE', status: 200, html: 'ok', headers: {}, rscData: undefined },
      ctx,
    );
    const kept = await cache.get('/provider-details/1', {
      kind: 'APP_PAGE',
      isRoutePPREnabled: false,
      isFallback: false,
    });
    expect(kept?.value).toMatchObject({ kind: 'APP_PAGE', status: 200 });
  });
});

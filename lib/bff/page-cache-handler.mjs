// Next's own page cache (the in-memory FileSystemCache that cacheMaxMemorySize sizes), except
// that a page answering 404 is not kept. The provider and clinic pages are cached per id on
// first request (ISR), so without this every random id anyone asks for would take a place in
// the cache and push real pages out. A 404 is cheap to render again: an unknown or
// malformed id never reaches the database twice in a row worth caching (lib/bff/page-cache.ts).
// Named in next.config.mjs (`cacheHandler`); the import path is Next's internal one, pinned by
// the lockfile, and lib/bff/page-cache-handler.test.ts checks it still loads.
import fileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

const FileSystemCache = fileSystemCache.default ?? fileSystemCache;

/** Whether a cache entry is a rendered page whose status is 404. */
export function isNotFoundPage(data) {
  return Boolean(data && (data.kind === 'APP_PAGE' || data.kind === 'PAGES') && data.status === 404);
}

export default class PageCacheHandler extends FileSystemCache {
  async set(key, data, ctx) {
    if (isNotFoundPage(data)) return;
    return super.set(key, data, ctx);
  }
}

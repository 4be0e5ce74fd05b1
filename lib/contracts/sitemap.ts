import { z } from 'zod';
import './zod-config';
import { MAX_SITEMAP_PAGE_SIZE, intParam } from './discovery';

/** Sitemap contracts: GET /v4/sitemap/providers and /v4/sitemap/clinics. */

// ---- Sitemap ----

// GET /v4/sitemap/providers and /v4/sitemap/clinics
export const sitemapQuerySchema = z.strictObject({
  page: intParam(1, 10_000).optional(),
  pageSize: intParam(1, MAX_SITEMAP_PAGE_SIZE).optional(),
});

/**
 * Page k lists the ids (k-1)*pageSize+1 .. k*pageSize that exist, so a sitemap file keeps its
 * URL set as rows come and go (and may hold fewer ids where some were deleted). Pages 1 to
 * lastPage cover every id; use the same pageSize for all of them.
 */
export const sitemapPageSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), updatedAt: z.string() })),
  page: z.number().int(),
  pageSize: z.number().int(),
  lastPage: z.number().int(),
});
export type SitemapPage = z.infer<typeof sitemapPageSchema>;

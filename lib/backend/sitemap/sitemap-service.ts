import 'server-only';
import { DEFAULT_SITEMAP_PAGE_SIZE } from '../../contracts/discovery';
import { sitemapPage } from './sitemap-repository';
import { iso } from '../search/discovery-dto';
import type { SitemapPage } from '../../contracts/sitemap';

// GET /v4/sitemap/providers and /v4/sitemap/clinics
export async function sitemap(
  kind: 'providers' | 'clinics',
  query: { page?: number; pageSize?: number },
): Promise<SitemapPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_SITEMAP_PAGE_SIZE;
  const result = await sitemapPage(kind === 'providers' ? 'providers' : 'offices', page, pageSize);
  return {
    items: result.rows.map((r) => ({ id: r.id, updatedAt: iso(r.updated_at) })),
    page,
    pageSize,
    lastPage: result.lastPage,
  };
}

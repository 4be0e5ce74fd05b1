import { serverEnv } from '@/lib/config/server-env';
import { logger } from '@/lib/logging/logger';
import { sitemapIndexXml } from '@/lib/bff/sitemap';

// Per request (two small /v4 calls): at build time there is no database to list pages from.
export const dynamic = 'force-dynamic';

// GET /sitemap.xml - the sitemap index: public pages, then provider and clinic files
export async function GET(): Promise<Response> {
  try {
    return new Response(await sitemapIndexXml(serverEnv().publicUrl), {
      headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
    });
  } catch (error) {
    logger.error({ err: error }, 'sitemap index failed');
    return new Response('Service unavailable', { status: 503, headers: { 'retry-after': '300' } });
  }
}

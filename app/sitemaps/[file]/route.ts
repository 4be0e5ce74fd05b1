import { serverEnv } from '@/lib/config/server-env';
import { logger } from '@/lib/logging/logger';
import { parseSitemapFileName, sitemapFileXml } from '@/lib/bff/sitemap';

export const dynamic = 'force-dynamic';

// GET /sitemaps/{pages|providers-N|clinics-N}.xml - one sitemap file (lib/bff/sitemap.ts)
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const file = parseSitemapFileName((await params).file);
  if (!file) return new Response('Not found', { status: 404 });
  try {
    const xml = await sitemapFileXml(serverEnv().publicUrl, file);
    if (xml === undefined) return new Response('Not found', { status: 404 });
    return new Response(xml, {
      headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
    });
  } catch (error) {
    logger.error({ err: error, file }, 'sitemap file failed');
    return new Response('Service unavailable', { status: 503, headers: { 'retry-after': '300' } });
  }
}

import { serverEnv } from '@/lib/config/server-env';
import { ROBOTS_DISALLOWED_PREFIXES } from '@/lib/routing/route-rules';
import type { MetadataRoute } from 'next';

// Per request, so the sitemap's address follows PUBLIC_URL at run time rather than at build.
export const dynamic = 'force-dynamic';

/**
 * robots.txt: public pages are open; the BFF, the /v4 API, the pages behind login, the search
 * results, the password-reset links and the developer mailbox are not for search engines (in both
 * languages). The list lives beside the route rules, so a page that changes side changes here too.
 */
export default function robots(): MetadataRoute.Robots {
  const origin = serverEnv().publicUrl;
  const privatePaths = ROBOTS_DISALLOWED_PREFIXES;
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: ['/api/', '/v4/', ...privatePaths, ...privatePaths.map((p) => `/es${p}`)],
      },
    ],
    sitemap: `${origin}/sitemap.xml`,
  };
}

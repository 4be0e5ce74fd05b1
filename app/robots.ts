import type { MetadataRoute } from 'next';
import { serverEnv } from '@/lib/config/server-env';

// Per request, so the sitemap's address follows PUBLIC_URL at run time rather than at build.
export const dynamic = 'force-dynamic';

/**
 * robots.txt: public pages are open; the BFF, the /v4 API, the account area and the other
 * pages behind login, the password-reset links and the developer mailbox are not for search engines
 * (in both languages).
 */
export default function robots(): MetadataRoute.Robots {
  const origin = serverEnv().publicUrl;
  const privatePaths = [
    '/search-listing',
    '/book-new-appointment',
    '/all-appointments',
    '/appointment-details',
    '/favorites',
    '/account-section',
    '/submit-feedback',
    '/reset/',
    '/dev/',
  ];
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

import { fileURLToPath } from 'node:url';
import createNextIntlPlugin from 'next-intl/plugin';
import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from './lib/http/security-headers.mjs';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: {
    // The catalogues are compiled at build time, so the browser gets the small format-only
    // runtime instead of the ICU parser (the provider page's JavaScript budget).
    // lib/i18n/translate.ts formats both forms.
    messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
  },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Lets parallel builds (and helpers' checkouts) keep separate output folders; `.next` by default.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc) before it builds, and says so with this
  // variable: the build's own check of the same files would only repeat it.
  typescript: { ignoreBuildErrors: process.env.TYPES_CHECKED === '1' },
  // Next's own gzip of every answer (its default, said here because the custom server relies on it).
  compress: true,
  // The provider and clinic pages are rendered on first request and cached (ISR). Those entries
  // describe one database, so they live in memory only: a restart on another DATA_DIR or after a
  // re-seed starts clean instead of serving the old database's pages from disk (README
  // "Decisions"). Room for a few thousand pages; the least used ones are re-rendered on demand.
  cacheMaxMemorySize: 256 * 1024 * 1024,
  // The same cache, but 404 pages are not kept: junk ids would fill it.
  cacheHandler: fileURLToPath(new URL('./lib/bff/page-cache-handler.mjs', import.meta.url)),
  experimental: { isrFlushToDisk: false },
  // PGlite ships WebAssembly and data files it loads from its own folder: keep it out of the bundle.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'nodemailer'],
  // Migrations are read from disk at start-up.
  outputFileTracingIncludes: { '/**': ['./lib/db/migrations/**'] },
  // The security headers of every answer (lib/docs/decisions/content-security-policy.md). Pages
  // get their Content-Security-Policy from the middleware instead (run-time configuration, and a
  // nonce on pages with personal data); these rules give everything else (/v4, /api, Next's
  // assets, public files) the public pages' policy.
  async headers() {
    const nonPage = '/:path((?:api|v4|_next)(?:/.*)?|.*\\..*)';
    return [
      { source: '/:path*', headers: STATIC_SECURITY_HEADERS.map(([key, value]) => ({ key, value })) },
      {
        source: nonPage,
        headers: [
          {
            key: 'Content-Security-Policy',
            value: contentSecurityPolicy({ mapsKey: Boolean(process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY) }),
          },
        ],
      },
      {
        // The practice brochure is shown in a frame on our own pages (SPEC.md section 1); the later
        // rule wins for the same header, so only this file may be framed, and only by this site.
        source: '/brochure.pdf',
        headers: [
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
          { key: 'Content-Security-Policy', value: "frame-ancestors 'self'" },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);

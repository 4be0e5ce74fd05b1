import { fileURLToPath } from 'node:url';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: {
    // The catalogues are compiled at build time, so the browser gets the small format-only
    // runtime instead of the ICU parser (issue 3: the provider page's JavaScript budget).
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
  // The provider and clinic pages are rendered on first request and cached (ISR). Those entries
  // describe one database, so they live in memory only: a restart on another DATA_DIR or after a
  // re-seed starts clean instead of serving the old database's pages from disk (README
  // "Decisions"). Room for a few thousand pages; the least used ones are re-rendered on demand.
  cacheMaxMemorySize: 256 * 1024 * 1024,
  // The same cache, but 404 pages are not kept: junk ids would fill it (issue 10).
  cacheHandler: fileURLToPath(new URL('./lib/server/page-cache-handler.mjs', import.meta.url)),
  experimental: { isrFlushToDisk: false },
  // PGlite ships WebAssembly and data files it loads from its own folder: keep it out of the bundle.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'nodemailer'],
  // Migrations are read from disk at start-up.
  outputFileTracingIncludes: { '/**': ['./lib/db/migrations/**'] },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(self)' },
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

import 'server-only';
import { sitemapQuerySchema } from '../../contracts/sitemap';
import { parseQuery } from '../../http/query';
import { v4Handler } from '../http/handler';
import { sitemap } from './sitemap-service';

/** Thin /v4 handlers of the sitemap pages (issue 3). */
export const sitemapHandlers = {
  // GET /v4/sitemap/providers
  sitemapProviders: v4Handler({
    handle: ({ request }) => sitemap('providers', parseQuery(request, sitemapQuerySchema)),
  }),
  // GET /v4/sitemap/clinics
  sitemapClinics: v4Handler({ handle: ({ request }) => sitemap('clinics', parseQuery(request, sitemapQuerySchema)) }),
};

import 'server-only';
import { v4Handler } from '../api/v4-handler';
import { sitemap } from './sitemap-service';

/** Thin /v4 handlers of the sitemap pages. */
export const sitemapHandlers = {
  // GET /v4/sitemap/providers
  sitemapProviders: v4Handler('sitemapProviders', ({ query }) => sitemap('providers', query)),
  // GET /v4/sitemap/clinics
  sitemapClinics: v4Handler('sitemapClinics', ({ query }) => sitemap('clinics', query)),
};

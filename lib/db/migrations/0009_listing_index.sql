DROP INDEX "provider_listings_geo_idx";--> statement-breakpoint
DROP INDEX "provider_listings_area_tags_idx";--> statement-breakpoint
ALTER TABLE "provider_listings" DROP COLUMN "geo";--> statement-breakpoint
ALTER TABLE "provider_listings" DROP COLUMN "area_tags";--> statement-breakpoint
ALTER TABLE "provider_listings" DROP COLUMN "search_name";--> statement-breakpoint
ALTER TABLE "provider_listings" DROP COLUMN "search_name_reversed";--> statement-breakpoint
-- Hand-added after drizzle-kit's output. The listing's candidates are now chosen in memory
-- (lib/backend/search/listing-index.ts, README "Decisions"), which reads the offices' points
-- itself: the copied point, the map-cell codes, the copied names and their indexes went unread.
-- The view and the refresh function copy what is left; the tag codes are those of 0004.
DROP VIEW discovery_listing_source;--> statement-breakpoint
CREATE VIEW discovery_listing_source AS
  SELECT po.provider_id, po.office_id, t.tags, po.working_days, p.rating_average, p.review_count, p.teledental_fee_cents
    FROM provider_offices po
    JOIN providers p ON p.id = po.provider_id
    JOIN offices o ON o.id = po.office_id
   CROSS JOIN LATERAL (SELECT ARRAY(
          SELECT 1000000 + ps.specialty_id FROM provider_specialties ps WHERE ps.provider_id = po.provider_id
          UNION ALL SELECT 2000000 + pr.visit_reason_id FROM provider_visit_reasons pr WHERE pr.provider_id = po.provider_id
          UNION ALL SELECT 3000000 + pi.plan_id FROM provider_insurance_plans pi WHERE pi.provider_id = po.provider_id
          UNION ALL SELECT DISTINCT 4000000 + pc.carrier_id FROM provider_insurance_plans pc WHERE pc.provider_id = po.provider_id
          UNION ALL SELECT 5000000 + ascii(substr(l, 1, 1)) * 256 + ascii(substr(l, 2, 1)) FROM unnest(p.languages) AS l
          UNION ALL SELECT 6000001 WHERE po.accepts_new_patients
          UNION ALL SELECT 6000002 WHERE po.offers_teledental AND o.teledental_payment_ready) AS tags) t;--> statement-breakpoint
CREATE OR REPLACE FUNCTION discovery_refresh_listings(provider_ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
    DELETE FROM provider_listings WHERE provider_id = ANY(provider_ids);
    INSERT INTO provider_listings (provider_id, office_id, tags, working_days, rating_average, review_count, teledental_fee_cents)
      SELECT provider_id, office_id, tags, working_days, rating_average, review_count, teledental_fee_cents
        FROM discovery_listing_source WHERE provider_id = ANY(provider_ids);
  $$;--> statement-breakpoint
DROP FUNCTION discovery_cell(double precision, double precision);

-- Search and listings are answered by PostgreSQL's own indexes again, not by copies held in each
-- server process (lib/docs/decisions/discovery-search.md). The typeahead matches folded names
-- with LIKE: a trigram GIN index answers '%word%' and 'word%', a text_pattern_ops btree the
-- prefixes of "surname name". The pg_trgm % operators stay unused (on PGlite they hang once cube
-- is loaded); similarity() only ranks the rows the indexes found.
CREATE INDEX "providers_search_name_trgm_idx" ON "providers" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "providers_search_name_prefix_idx" ON "providers" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "providers_search_name_reversed_prefix_idx" ON "providers" USING btree ("search_name_reversed" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "offices_search_name_trgm_idx" ON "offices" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offices_search_name_prefix_idx" ON "offices" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops);--> statement-breakpoint
-- Provider listings: each row carries its office's point again, so one GiST scan walks the rows
-- nearest first inside the radius's box (earth_box) and checks the filters on each; a GIN index
-- of the tags serves filters rare enough that reading their rows beats walking the map.
ALTER TABLE "provider_listings" ADD COLUMN "geo" "earth";--> statement-breakpoint
UPDATE "provider_listings" l SET "geo" = o."geo" FROM "offices" o WHERE o."id" = l."office_id";--> statement-breakpoint
ALTER TABLE "provider_listings" ALTER COLUMN "geo" SET NOT NULL;--> statement-breakpoint
DROP VIEW discovery_listing_source;--> statement-breakpoint
CREATE VIEW discovery_listing_source AS
  SELECT po.provider_id, po.office_id, o.geo, t.tags, po.working_days, p.rating_average, p.review_count, p.teledental_fee_cents
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
    INSERT INTO provider_listings (provider_id, office_id, geo, tags, working_days, rating_average, review_count, teledental_fee_cents)
      SELECT provider_id, office_id, geo, tags, working_days, rating_average, review_count, teledental_fee_cents
        FROM discovery_listing_source WHERE provider_id = ANY(provider_ids);
  $$;--> statement-breakpoint
CREATE INDEX "provider_listings_geo_idx" ON "provider_listings" USING gist ("geo");--> statement-breakpoint
CREATE INDEX "provider_listings_tags_idx" ON "provider_listings" USING gin ("tags");

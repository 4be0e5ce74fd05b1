CREATE TABLE "provider_listings" (
	"provider_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"geo" "earth" NOT NULL,
	"tags" integer[] NOT NULL,
	"area_tags" bigint[] NOT NULL,
	"working_days" smallint[] NOT NULL,
	"rating_average" double precision NOT NULL,
	"review_count" integer NOT NULL,
	"teledental_fee_cents" integer NOT NULL,
	"search_name" text NOT NULL,
	"search_name_reversed" text NOT NULL,
	CONSTRAINT "provider_listings_provider_id_office_id_pk" PRIMARY KEY("provider_id","office_id")
);
--> statement-breakpoint
-- Hand-added after drizzle-kit's output: how provider_listings is filled and kept up to date.
-- A map cell: 0.2 degrees of latitude by 0.2 degrees of longitude (about 14 by 14 miles at
-- the equator, narrower towards the poles). lib/backend/repositories/listing-tags.ts computes
-- the same cells for a query; both use the same float arithmetic.
-- Not STRICT: a STRICT function whose body ignores NULLs (least, greatest) is never inlined,
-- and a call that is not inlined costs about half a millisecond.
CREATE OR REPLACE FUNCTION discovery_cell(lat double precision, lng double precision) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT least(899, greatest(0, floor((lat + 90) / 0.2)::integer)) * 2048
               + ((floor((lng + 180) / 0.2)::integer % 1800) + 1800) % 1800 $$;--> statement-breakpoint
-- Every listing row as the base tables define it. Tag codes (listing-tags.ts):
--   1000000 + specialty id, 2000000 + visit reason id, 3000000 + plan id, 4000000 + carrier id,
--   5000000 + the two letters of a spoken language (ISO 639-1) as 256 * first + second,
--   6000001 accepts new patients there, 6000002 teledental available there.
-- area_tags holds the cell alone (tag 0) and every tag * 2^21 + cell. (OFFSET 0 keeps the
-- tags subquery from being inlined twice: it is computed once per row.)
CREATE VIEW discovery_listing_source AS
  SELECT po.provider_id, po.office_id, o.geo, t.tags,
         ARRAY(SELECT c.cell::bigint UNION ALL SELECT tag::bigint * 2097152 + c.cell FROM unnest(t.tags) AS tag) AS area_tags,
         po.working_days, p.rating_average, p.review_count, p.teledental_fee_cents,
         coalesce(p.search_name, '') AS search_name, coalesce(p.search_name_reversed, '') AS search_name_reversed
    FROM provider_offices po
    JOIN providers p ON p.id = po.provider_id
    JOIN offices o ON o.id = po.office_id
   CROSS JOIN LATERAL (SELECT discovery_cell(o.latitude, o.longitude) AS cell) c
   CROSS JOIN LATERAL (SELECT ARRAY(
          SELECT 1000000 + ps.specialty_id FROM provider_specialties ps WHERE ps.provider_id = po.provider_id
          UNION ALL SELECT 2000000 + pr.visit_reason_id FROM provider_visit_reasons pr WHERE pr.provider_id = po.provider_id
          UNION ALL SELECT 3000000 + pi.plan_id FROM provider_insurance_plans pi WHERE pi.provider_id = po.provider_id
          UNION ALL SELECT DISTINCT 4000000 + pc.carrier_id FROM provider_insurance_plans pc WHERE pc.provider_id = po.provider_id
          UNION ALL SELECT 5000000 + ascii(substr(l, 1, 1)) * 256 + ascii(substr(l, 2, 1)) FROM unnest(p.languages) AS l
          UNION ALL SELECT 6000001 WHERE po.accepts_new_patients
          UNION ALL SELECT 6000002 WHERE po.offers_teledental AND o.teledental_payment_ready) AS tags
          OFFSET 0) t;--> statement-breakpoint
CREATE OR REPLACE FUNCTION discovery_refresh_listings(provider_ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
    DELETE FROM provider_listings WHERE provider_id = ANY(provider_ids);
    INSERT INTO provider_listings (provider_id, office_id, geo, tags, area_tags, working_days, rating_average,
                                   review_count, teledental_fee_cents, search_name, search_name_reversed)
      SELECT provider_id, office_id, geo, tags, area_tags, working_days, rating_average,
             review_count, teledental_fee_cents, search_name, search_name_reversed
        FROM discovery_listing_source WHERE provider_id = ANY(provider_ids);
  $$;--> statement-breakpoint
-- Statement-level, like the rating triggers of 0001: one refresh per statement, whatever its size.
-- The seed sets discovery.defer_listings for its transaction and fills the table once at the end.
CREATE OR REPLACE FUNCTION discovery_listings_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    ids integer[];
  BEGIN
    IF current_setting('discovery.defer_listings', true) = 'on' THEN
      RETURN NULL;
    END IF;
    IF TG_TABLE_NAME = 'providers' THEN
      ids := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                    WHERE (n.languages, n.rating_average, n.review_count, n.teledental_fee_cents, n.search_name, n.search_name_reversed)
                          IS DISTINCT FROM (o.languages, o.rating_average, o.review_count, o.teledental_fee_cents, o.search_name, o.search_name_reversed));
    ELSIF TG_TABLE_NAME = 'offices' THEN
      ids := ARRAY(SELECT DISTINCT po.provider_id
                     FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN provider_offices po ON po.office_id = n.id
                    WHERE (n.latitude, n.longitude, n.teledental_payment_ready) IS DISTINCT FROM (o.latitude, o.longitude, o.teledental_payment_ready));
    ELSIF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT DISTINCT provider_id FROM new_rows);
    ELSIF TG_OP = 'DELETE' THEN
      ids := ARRAY(SELECT DISTINCT provider_id FROM old_rows);
    ELSE
      ids := ARRAY(SELECT provider_id FROM new_rows UNION SELECT provider_id FROM old_rows);
    END IF;
    IF cardinality(ids) > 0 THEN
      PERFORM discovery_refresh_listings(ids);
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
-- Existing databases: fill the table from what they hold (nearby rows stored together).
INSERT INTO provider_listings (provider_id, office_id, geo, tags, area_tags, working_days, rating_average,
                               review_count, teledental_fee_cents, search_name, search_name_reversed)
  SELECT provider_id, office_id, geo, tags, area_tags, working_days, rating_average,
         review_count, teledental_fee_cents, search_name, search_name_reversed
    FROM discovery_listing_source
   ORDER BY area_tags[1], provider_id;--> statement-breakpoint
-- Keys and indexes after the rows: one bulk build each instead of one update per row.
ALTER TABLE "provider_listings" ADD CONSTRAINT "provider_listings_provider_office_fk" FOREIGN KEY ("provider_id","office_id") REFERENCES "public"."provider_offices"("provider_id","office_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_listings_geo_idx" ON "provider_listings" USING gist ("geo");--> statement-breakpoint
CREATE INDEX "provider_listings_area_tags_idx" ON "provider_listings" USING gin ("area_tags");--> statement-breakpoint
CREATE INDEX "provider_listings_search_name_trgm_idx" ON "provider_listings" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE TRIGGER provider_offices_listings_insert AFTER INSERT ON provider_offices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER provider_offices_listings_update AFTER UPDATE ON provider_offices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER provider_offices_listings_delete AFTER DELETE ON provider_offices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER provider_specialties_listings_insert AFTER INSERT ON provider_specialties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER provider_specialties_listings_update AFTER UPDATE ON provider_specialties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER provider_specialties_listings_delete AFTER DELETE ON provider_specialties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER provider_visit_reasons_listings_insert AFTER INSERT ON provider_visit_reasons
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER provider_visit_reasons_listings_update AFTER UPDATE ON provider_visit_reasons
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER provider_visit_reasons_listings_delete AFTER DELETE ON provider_visit_reasons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER provider_insurance_plans_listings_insert AFTER INSERT ON provider_insurance_plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER provider_insurance_plans_listings_update AFTER UPDATE ON provider_insurance_plans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER provider_insurance_plans_listings_delete AFTER DELETE ON provider_insurance_plans
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER providers_listings_update AFTER UPDATE ON providers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
CREATE TRIGGER offices_listings_update AFTER UPDATE ON offices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_listings_changed();--> statement-breakpoint
ANALYZE provider_listings;

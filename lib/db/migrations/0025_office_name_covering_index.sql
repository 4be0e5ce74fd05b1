-- The typeahead ranks offices by tier and distance from the name index alone: with id, geo and
-- country beside each name, a short query that matches thousands of offices ("smi") is an
-- index-only scan instead of a visit to each of those wide rows (a fifth of the time at 100k
-- offices). Same name, same key: drizzle cannot declare INCLUDE, and its snapshot stays true.
DROP INDEX "offices_search_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "offices_search_name_prefix_idx" ON "offices" USING btree ("search_name" text_pattern_ops) INCLUDE ("id", "geo", "country_code");

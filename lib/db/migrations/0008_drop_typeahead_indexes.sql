DROP INDEX "offices_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "offices_search_name_prefix_idx";--> statement-breakpoint
DROP INDEX "provider_listings_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "providers_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "providers_search_name_prefix_idx";--> statement-breakpoint
DROP INDEX "providers_search_name_reversed_prefix_idx";--> statement-breakpoint
DROP INDEX "search_terms_trgm_idx";--> statement-breakpoint
DROP INDEX "search_terms_prefix_idx";
-- The typeahead compares folded names (discovery_fold, migration 0001); storing them saves
-- folding every specialty, visit reason and service name on every keystroke.
ALTER TABLE "services" ADD COLUMN "search_en" text GENERATED ALWAYS AS (discovery_fold(name_en)) STORED;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search_es" text GENERATED ALWAYS AS (discovery_fold(name_es)) STORED;--> statement-breakpoint
ALTER TABLE "specialties" ADD COLUMN "search_en" text GENERATED ALWAYS AS (discovery_fold(name_en)) STORED;--> statement-breakpoint
ALTER TABLE "specialties" ADD COLUMN "search_es" text GENERATED ALWAYS AS (discovery_fold(name_es)) STORED;--> statement-breakpoint
ALTER TABLE "visit_reasons" ADD COLUMN "search_en" text GENERATED ALWAYS AS (discovery_fold(name_en)) STORED;--> statement-breakpoint
ALTER TABLE "visit_reasons" ADD COLUMN "search_es" text GENERATED ALWAYS AS (discovery_fold(name_es)) STORED;
CREATE TABLE "practice_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_name" text NOT NULL,
	"phone_country" text NOT NULL,
	"phone_number" text NOT NULL,
	"website" text,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"suite" text,
	"contact_name" text NOT NULL,
	"practice_type" text NOT NULL,
	"provider_first_name" text NOT NULL,
	"provider_last_name" text NOT NULL,
	"mobile_country" text NOT NULL,
	"mobile_number" text NOT NULL,
	"provider_email" text NOT NULL,
	"npi" text NOT NULL,
	"specialty_ids" integer[] NOT NULL,
	"previously_provider" boolean NOT NULL,
	"locale" text NOT NULL,
	"request_day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_requests_npi_check" CHECK (npi ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "practice_requests_npi_day_idx" ON "practice_requests" USING btree ("npi","request_day");--> statement-breakpoint
CREATE INDEX "practice_requests_npi_created_idx" ON "practice_requests" USING btree ("npi","created_at");
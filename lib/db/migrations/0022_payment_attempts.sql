-- No money taken without a record (lib/docs/decisions/payments.md): a payment attempt is committed
-- before the gateway is asked, the slot is held by a 'pendingPayment' appointment until the
-- charge is confirmed, and offices' in-office visits become data next to teledental.
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"patient_user_id" uuid NOT NULL,
	"appointment_id" uuid,
	"provider_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"gateway" text NOT NULL,
	"state" text DEFAULT 'started' NOT NULL,
	"transaction_id" text,
	"card_brand" text,
	"card_last4" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_offices" ADD COLUMN "offers_in_office" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_patient_user_id_patient_app_users_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."patient_app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_reference_idx" ON "payment_attempts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("created_at") WHERE state in ('started', 'charged');--> statement-breakpoint
CREATE INDEX "payment_attempts_patient_idx" ON "payment_attempts" USING btree ("patient_user_id","created_at");
CREATE TABLE "member_insurance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"family_member_id" uuid,
	"carrier_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"member_number" text NOT NULL,
	"front_image_id" uuid,
	"back_image_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_app_users" ADD COLUMN "profile_image_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "member_insurance" ADD CONSTRAINT "member_insurance_owner_id_patient_app_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."patient_app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_insurance" ADD CONSTRAINT "member_insurance_family_member_id_family_members_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_insurance" ADD CONSTRAINT "member_insurance_carrier_id_insurance_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."insurance_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_insurance" ADD CONSTRAINT "member_insurance_plan_id_insurance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."insurance_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_insurance" ADD CONSTRAINT "member_insurance_front_image_id_images_id_fk" FOREIGN KEY ("front_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_insurance" ADD CONSTRAINT "member_insurance_back_image_id_images_id_fk" FOREIGN KEY ("back_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_insurance_patient_idx" ON "member_insurance" USING btree ("owner_id") WHERE family_member_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "member_insurance_family_member_idx" ON "member_insurance" USING btree ("family_member_id") WHERE family_member_id is not null;--> statement-breakpoint
ALTER TABLE "patient_app_users" ADD CONSTRAINT "patient_app_users_profile_image_id_images_id_fk" FOREIGN KEY ("profile_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_appointment_idx" ON "reviews" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "reviews_patient_idx" ON "reviews" USING btree ("patient_user_id","reviewed_at" DESC NULLS LAST);
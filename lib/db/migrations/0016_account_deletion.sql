ALTER TABLE "patient_app_users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_app_users" ADD COLUMN "purge_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "patient_app_users_purge_idx" ON "patient_app_users" USING btree ("purge_after") WHERE "patient_app_users"."purge_after" is not null;
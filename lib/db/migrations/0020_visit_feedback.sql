ALTER TABLE "appointments" ADD COLUMN "feedback_requested_at" timestamp with time zone;--> statement-breakpoint
-- Visits completed before this migration were already asked for a review at completion (the review
-- email): the feedback job must not ask them again.
UPDATE "appointments" SET "feedback_requested_at" = "updated_at" WHERE "status" = 'completed';--> statement-breakpoint
CREATE INDEX "appointments_feedback_due_idx" ON "appointments" USING btree ("starts_at") WHERE status = 'completed' and feedback_requested_at is null;

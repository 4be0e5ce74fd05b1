-- Image bytes move out of the database (to DATA_DIR or S3): a row is written, committed, before
-- its object, and marked stored after it, so the pending-uploads job can remove what an
-- interrupted upload left (lib/docs/decisions/uploads-and-images.md). Existing images are stored.
ALTER TABLE "images" ADD COLUMN "stored_at" timestamp with time zone;--> statement-breakpoint
UPDATE "images" SET "stored_at" = "created_at";--> statement-breakpoint
CREATE INDEX "images_pending_idx" ON "images" USING btree ("created_at") WHERE stored_at is null;

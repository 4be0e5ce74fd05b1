CREATE TABLE "assistant_conversations" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"state" jsonb NOT NULL,
	"messages" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_conversations" ADD CONSTRAINT "assistant_conversations_user_id_patient_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."patient_app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_conversations_updated_idx" ON "assistant_conversations" USING btree ("updated_at");
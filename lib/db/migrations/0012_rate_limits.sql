-- Rate-limit counters of rate-limiter-flexible's PostgreSQL store (lib/docs/decisions/login-throttling.md),
-- with the columns of the library's own CREATE TABLE (it is told the table exists). They replace
-- the hand-written login_attempts counters.
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
DROP TABLE "login_attempts" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");
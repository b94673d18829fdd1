ALTER TABLE "users" ADD COLUMN "test_mode_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "test_mode_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_test_mode_language_check" CHECK ("users"."test_mode_language" in ('en', 'jp'));
CREATE TABLE "rule_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"match_mode" text DEFAULT 'all' NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"quiet_time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_preferences_quiet_check" CHECK (("rule_preferences"."quiet_start" is null) = ("rule_preferences"."quiet_end" is null) and ("rule_preferences"."quiet_start" is null) = ("rule_preferences"."quiet_time_zone" is null))
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rule_preferences" ADD CONSTRAINT "rule_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rules_user_position_idx" ON "rules" USING btree ("user_id","position");
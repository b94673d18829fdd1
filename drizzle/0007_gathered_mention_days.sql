CREATE TABLE "gathered_mention_days" (
	"user_id" uuid NOT NULL,
	"connection_id" text NOT NULL,
	"platform" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "gathered_mention_days_user_id_platform_connection_id_day_pk" PRIMARY KEY("user_id","platform","connection_id","day"),
	CONSTRAINT "gathered_mention_days_count_check" CHECK ("gathered_mention_days"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gathered_mention_days" ADD CONSTRAINT "gathered_mention_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
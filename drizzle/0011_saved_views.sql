CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text,
	"default_kind" text,
	"filters" jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_name_check" CHECK ("saved_views"."name" is not null or "saved_views"."default_kind" is not null),
	CONSTRAINT "saved_views_name_length_check" CHECK (char_length("saved_views"."name") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_default_idx" ON "saved_views" USING btree ("user_id","default_kind") WHERE "saved_views"."default_kind" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_name_idx" ON "saved_views" USING btree ("user_id",lower("name")) WHERE "saved_views"."name" is not null;
CREATE TABLE "done_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_scope" text DEFAULT '' NOT NULL,
	"platform" text NOT NULL,
	"platform_message_id" text NOT NULL,
	"thread_keys" text[] NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snoozes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_scope" text DEFAULT '' NOT NULL,
	"platform" text NOT NULL,
	"platform_message_id" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "done_marks" ADD CONSTRAINT "done_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snoozes" ADD CONSTRAINT "snoozes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "done_marks_user_message_idx" ON "done_marks" USING btree ("user_id","session_scope","platform","platform_message_id");--> statement-breakpoint
CREATE INDEX "done_marks_message_idx" ON "done_marks" USING btree ("platform","platform_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "snoozes_user_message_idx" ON "snoozes" USING btree ("user_id","session_scope","platform","platform_message_id");--> statement-breakpoint
CREATE INDEX "snoozes_message_idx" ON "snoozes" USING btree ("platform","platform_message_id");
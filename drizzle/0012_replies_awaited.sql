CREATE TABLE "conversation_turns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" text NOT NULL,
	"thread_ts" text DEFAULT '' NOT NULL,
	"own_message_id" text NOT NULL,
	"own_at" timestamp with time zone NOT NULL,
	"counterpart_id" text,
	"other_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "conversation_turns_kind_check" CHECK ("conversation_turns"."kind" in ('dm', 'thread', 'room'))
);
--> statement-breakpoint
CREATE TABLE "handled_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"platform_message_id" text NOT NULL,
	"via" text NOT NULL,
	"by_message_id" text,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"auto_done" boolean DEFAULT false NOT NULL,
	"awaiting_days" smallint DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reply_settings_days_check" CHECK ("reply_settings"."awaiting_days" in (1, 3, 7))
);
--> statement-breakpoint
ALTER TABLE "conversation_turns" ADD CONSTRAINT "conversation_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_turns" ADD CONSTRAINT "conversation_turns_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handled_messages" ADD CONSTRAINT "handled_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_settings" ADD CONSTRAINT "reply_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_turns_conversation_idx" ON "conversation_turns" USING btree ("connection_id","conversation_id","thread_ts");--> statement-breakpoint
CREATE INDEX "conversation_turns_user_idx" ON "conversation_turns" USING btree ("user_id","own_at");--> statement-breakpoint
CREATE INDEX "conversation_turns_own_message_idx" ON "conversation_turns" USING btree ("platform","own_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handled_messages_user_message_idx" ON "handled_messages" USING btree ("user_id","platform","platform_message_id");--> statement-breakpoint
CREATE INDEX "handled_messages_message_idx" ON "handled_messages" USING btree ("platform","platform_message_id");--> statement-breakpoint
CREATE INDEX "handled_messages_by_idx" ON "handled_messages" USING btree ("platform","by_message_id");
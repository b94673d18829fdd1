CREATE TABLE "chatwork_webhooks" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"token_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chatwork_webhooks" ADD CONSTRAINT "chatwork_webhooks_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE cascade ON UPDATE no action;
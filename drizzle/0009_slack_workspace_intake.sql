CREATE TABLE "slack_workspace_intake" (
	"team_id" text PRIMARY KEY NOT NULL,
	"first_event_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"usual_gap_seconds" double precision DEFAULT 0 NOT NULL,
	"events_seen" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone
);

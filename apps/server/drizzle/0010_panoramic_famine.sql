CREATE TABLE "sms_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_send_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "prompt_shared" boolean DEFAULT false NOT NULL;
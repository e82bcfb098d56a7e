CREATE TABLE "removed_things" (
	"kind" text NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "removed_things_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
ALTER TABLE "mcp_services" ADD COLUMN "call_timeout_ms" integer;
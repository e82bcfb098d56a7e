CREATE TABLE "kb_platform_dictionary" (
	"id" integer PRIMARY KEY NOT NULL,
	"words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_bases" ADD COLUMN "dictionary" jsonb DEFAULT '[]'::jsonb NOT NULL;
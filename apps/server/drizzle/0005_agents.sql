CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"opening_message" text DEFAULT '' NOT NULL,
	"suggested_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"llm_name" text NOT NULL,
	"temperature" double precision,
	"top_p" double precision,
	"max_tokens" integer,
	"tool_ids" text[] DEFAULT '{}' NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kb_ids" text[] DEFAULT '{}' NOT NULL,
	"retrieval" jsonb NOT NULL,
	"hitl" jsonb NOT NULL,
	"max_steps" integer NOT NULL,
	"history_turns" integer NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_owner_idx" ON "agents" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "agents_public_idx" ON "agents" USING btree ("is_public","created_at");--> statement-breakpoint
CREATE INDEX "agents_llm_name_idx" ON "agents" USING btree (lower("llm_name"));
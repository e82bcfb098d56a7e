CREATE TABLE "llm_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"llm_name" text NOT NULL,
	"display_name" text NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"base_url" text NOT NULL,
	"api_key_sealed" text,
	"upstream_model" text NOT NULL,
	"context_window" integer DEFAULT 8192 NOT NULL,
	"temperature" double precision,
	"top_p" double precision,
	"max_tokens" integer,
	"supports_tools" boolean DEFAULT false NOT NULL,
	"supports_vision" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"owner_id" uuid,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "llm_models" ADD CONSTRAINT "llm_models_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "llm_models_llm_name_key" ON "llm_models" USING btree (lower("llm_name"));--> statement-breakpoint
CREATE INDEX "llm_models_owner_id_idx" ON "llm_models" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "llm_models_created_at_idx" ON "llm_models" USING btree ("created_at");
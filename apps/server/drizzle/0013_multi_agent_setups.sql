CREATE TABLE "multi_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"mode" text NOT NULL,
	"graph" jsonb NOT NULL,
	"member_ids" text[] DEFAULT '{}' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "multi_agents" ADD CONSTRAINT "multi_agents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "multi_agents_owner_idx" ON "multi_agents" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "multi_agents_public_idx" ON "multi_agents" USING btree ("is_public","created_at");
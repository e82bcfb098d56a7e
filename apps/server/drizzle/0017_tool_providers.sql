CREATE TABLE "tool_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"server_url" text NOT NULL,
	"document_url" text,
	"auth" jsonb NOT NULL,
	"credential_mode" text DEFAULT 'shared' NOT NULL,
	"credential_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_user_credentials" (
	"provider_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_user_credentials_provider_id_user_id_pk" PRIMARY KEY("provider_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "provider_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "operation_key" text;--> statement-breakpoint
ALTER TABLE "tool_providers" ADD CONSTRAINT "tool_providers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_user_credentials" ADD CONSTRAINT "tool_user_credentials_provider_id_tool_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."tool_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_user_credentials" ADD CONSTRAINT "tool_user_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_providers_owner_idx" ON "tool_providers" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "tool_user_credentials_user_idx" ON "tool_user_credentials" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_provider_id_tool_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."tool_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tools_provider_idx" ON "tools" USING btree ("provider_id");
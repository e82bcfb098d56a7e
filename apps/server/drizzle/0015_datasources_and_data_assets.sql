CREATE TABLE "db_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"access_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"confirm_sql" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "db_query_audits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"user_id" uuid,
	"sql" text NOT NULL,
	"outcome" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "db_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"db_type" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"database_name" text NOT NULL,
	"schema_name" text DEFAULT '' NOT NULL,
	"user_name" text NOT NULL,
	"password_sealed" text,
	"ssl_mode" text DEFAULT 'disable' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"access_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "db_table_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"notes" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "db_assets" ADD CONSTRAINT "db_assets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "db_assets" ADD CONSTRAINT "db_assets_connection_id_db_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."db_connections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "db_query_audits" ADD CONSTRAINT "db_query_audits_asset_id_db_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."db_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "db_query_audits" ADD CONSTRAINT "db_query_audits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "db_connections" ADD CONSTRAINT "db_connections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "db_table_notes" ADD CONSTRAINT "db_table_notes_connection_id_db_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."db_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "db_table_notes" ADD CONSTRAINT "db_table_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "db_assets_owner_name_key" ON "db_assets" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "db_assets_connection_idx" ON "db_assets" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "db_assets_public_idx" ON "db_assets" USING btree ("is_public","created_at");--> statement-breakpoint
CREATE INDEX "db_query_audits_asset_idx" ON "db_query_audits" USING btree ("asset_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "db_connections_owner_name_key" ON "db_connections" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "db_connections_public_idx" ON "db_connections" USING btree ("is_public","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "db_table_notes_connection_table_key" ON "db_table_notes" USING btree ("connection_id","table_name");
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"tree" text NOT NULL,
	"kind" text NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"storage_key" text,
	"size" bigint,
	"mime" text,
	"sha256" text,
	"share_token_hash" text,
	"share_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kb_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"status_text" text,
	"segment_count" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_segments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kb_id" uuid NOT NULL,
	"doc_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"text" text NOT NULL,
	"headings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tokens" text NOT NULL,
	"token_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_bases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"embedding_model" text,
	"rerank_model" text,
	"chunk_size" integer NOT NULL,
	"chunk_overlap" integer NOT NULL,
	"separators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"needs_reindex" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"transport" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"headers_sealed" text,
	"command" text DEFAULT '' NOT NULL,
	"args" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"env_sealed" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"config_version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"status_message" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone,
	"function_count" integer,
	"owner_id" uuid,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag_type" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"color" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"input_schema" jsonb NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid,
	"payload" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"progress" double precision DEFAULT 0 NOT NULL,
	"progress_text" text,
	"error" text,
	"dedupe_key" text,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_documents" ADD CONSTRAINT "kb_documents_kb_id_knowledge_bases_id_fk" FOREIGN KEY ("kb_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_documents" ADD CONSTRAINT "kb_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_segments" ADD CONSTRAINT "kb_segments_kb_id_knowledge_bases_id_fk" FOREIGN KEY ("kb_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_segments" ADD CONSTRAINT "kb_segments_doc_id_kb_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."kb_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_bases" ADD CONSTRAINT "knowledge_bases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_services" ADD CONSTRAINT "mcp_services_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_parent_id_tags_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_private_name_key" ON "files" USING btree ("owner_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE "files"."tree" = 'private';--> statement-breakpoint
CREATE UNIQUE INDEX "files_public_name_key" ON "files" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE "files"."tree" = 'public';--> statement-breakpoint
CREATE INDEX "files_parent_id_idx" ON "files" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_share_token_hash_key" ON "files" USING btree ("share_token_hash");--> statement-breakpoint
CREATE INDEX "kb_documents_kb_id_idx" ON "kb_documents" USING btree ("kb_id","created_at");--> statement-breakpoint
CREATE INDEX "kb_documents_file_id_idx" ON "kb_documents" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_segments_doc_seq_key" ON "kb_segments" USING btree ("doc_id","seq");--> statement-breakpoint
CREATE INDEX "kb_segments_kb_id_idx" ON "kb_segments" USING btree ("kb_id");--> statement-breakpoint
CREATE INDEX "kb_segments_tokens_idx" ON "kb_segments" USING gin (to_tsvector('simple', "tokens"));--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_bases_owner_name_key" ON "knowledge_bases" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "knowledge_bases_public_idx" ON "knowledge_bases" USING btree ("is_public","created_at");--> statement-breakpoint
CREATE INDEX "mcp_services_owner_id_idx" ON "mcp_services" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "mcp_services_created_at_idx" ON "mcp_services" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_type_parent_name_key" ON "tags" USING btree ("tag_type",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "tags_parent_id_idx" ON "tags" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_owner_name_key" ON "tools" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tools_public_idx" ON "tools" USING btree ("is_public","created_at");--> statement-breakpoint
CREATE INDEX "tools_kind_idx" ON "tools" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("kind","status","run_after");--> statement-breakpoint
CREATE INDEX "jobs_owner_served_idx" ON "jobs" USING btree ("kind",coalesce("owner_id", '00000000-0000-0000-0000-000000000000'::uuid),"started_at");--> statement-breakpoint
CREATE INDEX "jobs_owner_created_idx" ON "jobs" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_status_lease_idx" ON "jobs" USING btree ("status","lease_until");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_open_dedupe_key" ON "jobs" USING btree ("kind","dedupe_key") WHERE dedupe_key is not null and status in ('queued', 'running');
CREATE TABLE "kb_index_buckets" (
	"kb_id" uuid NOT NULL,
	"bucket" integer NOT NULL,
	"group_id" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "kb_index_buckets_pkey" PRIMARY KEY("kb_id","bucket","group_id")
);
--> statement-breakpoint
CREATE TABLE "kb_index_groups" (
	"kb_id" uuid NOT NULL,
	"group_id" integer NOT NULL,
	"segments" integer NOT NULL,
	CONSTRAINT "kb_index_groups_pkey" PRIMARY KEY("kb_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "kb_postings" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "kb_terms" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "kb_postings" CASCADE;--> statement-breakpoint
DROP TABLE "kb_terms" CASCADE;--> statement-breakpoint
ALTER TABLE "kb_index_stats" ADD COLUMN "next_ord" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kb_segments" ADD COLUMN "ord" integer;--> statement-breakpoint
ALTER TABLE "kb_segments" ADD COLUMN "index_group" integer;--> statement-breakpoint
ALTER TABLE "kb_index_buckets" ADD CONSTRAINT "kb_index_buckets_kb_id_knowledge_bases_id_fk" FOREIGN KEY ("kb_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_index_groups" ADD CONSTRAINT "kb_index_groups_kb_id_knowledge_bases_id_fk" FOREIGN KEY ("kb_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kb_segments_kb_ord_key" ON "kb_segments" USING btree ("kb_id","ord");--> statement-breakpoint
ALTER TABLE "kb_index_buckets" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
-- The segments indexed under the old layout are in no group: their knowledge bases start an empty index and ask for a re-index.
DELETE FROM "kb_index_stats";--> statement-breakpoint
UPDATE "knowledge_bases" SET "needs_reindex" = true WHERE "id" IN (SELECT DISTINCT "kb_id" FROM "kb_segments");

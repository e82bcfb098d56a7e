CREATE TABLE "kb_index_stats" (
	"kb_id" uuid PRIMARY KEY NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_postings" (
	"kb_id" uuid NOT NULL,
	"term" text NOT NULL,
	"segment_id" uuid NOT NULL,
	"tf" integer NOT NULL,
	"segment_length" integer NOT NULL,
	CONSTRAINT "kb_postings_pkey" PRIMARY KEY("kb_id","term","segment_id")
);
--> statement-breakpoint
CREATE TABLE "kb_terms" (
	"kb_id" uuid NOT NULL,
	"term" text NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "kb_terms_pkey" PRIMARY KEY("kb_id","term")
);
--> statement-breakpoint
DROP INDEX "kb_segments_tokens_idx";--> statement-breakpoint
ALTER TABLE "kb_index_stats" ADD CONSTRAINT "kb_index_stats_kb_id_knowledge_bases_id_fk" FOREIGN KEY ("kb_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_postings" ADD CONSTRAINT "kb_postings_kb_id_knowledge_bases_id_fk" FOREIGN KEY ("kb_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_terms" ADD CONSTRAINT "kb_terms_kb_id_knowledge_bases_id_fk" FOREIGN KEY ("kb_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (knowledge retrieval, inverted index): build the index of the segments stored before it
-- existed, exactly as retrieval/term-index.ts would have written it.
INSERT INTO "kb_postings" ("kb_id", "term", "segment_id", "tf", "segment_length")
SELECT s."kb_id", w.term, s."id", count(*)::int, s."token_count"
FROM "kb_segments" s CROSS JOIN LATERAL unnest(string_to_array(s."tokens", ' ')) AS w(term)
WHERE w.term <> ''
GROUP BY s."kb_id", w.term, s."id", s."token_count";--> statement-breakpoint
INSERT INTO "kb_terms" ("kb_id", "term", "df")
SELECT "kb_id", "term", count(*)::int FROM "kb_postings" GROUP BY "kb_id", "term";--> statement-breakpoint
INSERT INTO "kb_index_stats" ("kb_id", "segments", "tokens")
SELECT "kb_id", count(*)::int, coalesce(sum("token_count"), 0) FROM "kb_segments" GROUP BY "kb_id";
--> statement-breakpoint
-- Hand-written: segments stored before fallback bigrams lack them; their knowledge bases ask for a re-index.
UPDATE "knowledge_bases" SET "needs_reindex" = true WHERE "id" IN (SELECT DISTINCT "kb_id" FROM "kb_segments");

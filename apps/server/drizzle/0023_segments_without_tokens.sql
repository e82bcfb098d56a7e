DROP INDEX "kb_segments_kb_id_idx";--> statement-breakpoint
ALTER TABLE "kb_segments" DROP COLUMN "tokens";
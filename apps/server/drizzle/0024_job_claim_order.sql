DROP INDEX "jobs_owner_served_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "claim_seq" bigint;--> statement-breakpoint
CREATE INDEX "jobs_owner_served_idx" ON "jobs" USING btree ("kind",coalesce("owner_id", '00000000-0000-0000-0000-000000000000'::uuid),"claim_seq");
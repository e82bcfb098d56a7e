CREATE TABLE "usage_daily" (
	"day" date NOT NULL,
	"user_id" uuid,
	"model" text NOT NULL,
	"feature" text NOT NULL,
	"ok" boolean NOT NULL,
	"calls" bigint NOT NULL,
	"prompt_tokens" bigint NOT NULL,
	"completion_tokens" bigint NOT NULL,
	"latency_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_event_archives" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"events" jsonb NOT NULL,
	"run_ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "jobs_claim_idx";--> statement-breakpoint
DROP INDEX "jobs_status_lease_idx";--> statement-breakpoint
DROP INDEX "runs_owner_created_idx";--> statement-breakpoint
DROP INDEX "runs_status_lease_idx";--> statement-breakpoint
ALTER TABLE "run_event_archives" ADD CONSTRAINT "run_event_archives_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_daily_key" ON "usage_daily" USING btree ("day",coalesce("user_id", '00000000-0000-0000-0000-000000000000'::uuid),"model","feature","ok");--> statement-breakpoint
CREATE INDEX "usage_daily_user_model_idx" ON "usage_daily" USING btree ("user_id","model");--> statement-breakpoint
CREATE INDEX "run_event_archives_ended_idx" ON "run_event_archives" USING btree ("run_ended_at","run_id");--> statement-breakpoint
CREATE INDEX "conversations_owner_kind_subject_idx" ON "conversations" USING btree ("owner_id","kind","subject","updated_at");--> statement-breakpoint
CREATE INDEX "files_private_listing_idx" ON "files" USING btree ("owner_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"kind" DESC NULLS FIRST,"name","id") WHERE "files"."tree" = 'private';--> statement-breakpoint
CREATE INDEX "files_public_listing_idx" ON "files" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"kind" DESC NULLS FIRST,"name","id") WHERE "files"."tree" = 'public';--> statement-breakpoint
CREATE INDEX "usage_records_created_idx" ON "usage_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("kind","run_after") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("kind",coalesce("owner_id", '00000000-0000-0000-0000-000000000000'::uuid),"lease_until") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("updated_at") WHERE status in ('done', 'failed', 'cancelled');--> statement-breakpoint
CREATE INDEX "runs_owner_kind_created_idx" ON "runs" USING btree ("owner_id","kind","subject","created_at");--> statement-breakpoint
CREATE INDEX "runs_running_lease_idx" ON "runs" USING btree ("lease_until") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "runs_ended_idx" ON "runs" USING btree ("updated_at","id") WHERE status in ('completed', 'finished', 'failed', 'cancelled');
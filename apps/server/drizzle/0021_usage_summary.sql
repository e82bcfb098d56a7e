DROP INDEX "usage_daily_key";--> statement-breakpoint
DROP INDEX "usage_records_created_idx";--> statement-breakpoint
ALTER TABLE "usage_daily" ADD COLUMN "agent_id" uuid;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "agent_id" uuid;--> statement-breakpoint
CREATE INDEX "conversations_kind_created_idx" ON "conversations" USING btree ("kind","created_at","subject");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "runs_created_status_idx" ON "runs" USING btree ("created_at","status");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_daily_key" ON "usage_daily" USING btree ("day",coalesce("user_id", '00000000-0000-0000-0000-000000000000'::uuid),"model","feature",coalesce("agent_id", '00000000-0000-0000-0000-000000000000'::uuid),"ok");--> statement-breakpoint
CREATE INDEX "usage_records_created_idx" ON "usage_records" USING btree ("created_at","model","user_id","agent_id","prompt_tokens","completion_tokens");
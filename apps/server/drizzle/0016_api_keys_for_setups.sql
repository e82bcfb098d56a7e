ALTER TABLE "agent_api_keys" ALTER COLUMN "agent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_api_keys" ADD COLUMN "setup_id" uuid;--> statement-breakpoint
ALTER TABLE "agent_api_keys" ADD CONSTRAINT "agent_api_keys_setup_id_multi_agents_id_fk" FOREIGN KEY ("setup_id") REFERENCES "public"."multi_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_api_keys_setup_idx" ON "agent_api_keys" USING btree ("setup_id","created_at");--> statement-breakpoint
ALTER TABLE "agent_api_keys" ADD CONSTRAINT "agent_api_keys_one_subject" CHECK (num_nonnulls("agent_api_keys"."agent_id", "agent_api_keys"."setup_id") = 1);
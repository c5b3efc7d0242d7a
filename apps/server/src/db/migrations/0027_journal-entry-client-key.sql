ALTER TABLE "journal_entries" ADD COLUMN "client_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_user_client_key_idx" ON "journal_entries" USING btree ("user_id","client_key");
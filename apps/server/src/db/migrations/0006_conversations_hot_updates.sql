DROP INDEX "conversations_participant_one_idx";--> statement-breakpoint
DROP INDEX "conversations_participant_two_idx";--> statement-breakpoint
CREATE INDEX "conversations_participant_one_idx" ON "conversations" USING btree ("participant_one_id");--> statement-breakpoint
CREATE INDEX "conversations_participant_two_idx" ON "conversations" USING btree ("participant_two_id");--> statement-breakpoint
-- Written by hand (drizzle-kit does not model storage parameters): room on each page for the
-- new version of a row whose updated_at moved, so the update stays HOT.
ALTER TABLE "conversations" SET (fillfactor = 80);

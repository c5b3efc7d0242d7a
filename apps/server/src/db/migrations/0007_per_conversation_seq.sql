-- Message numbers per conversation instead of one global sequence (a global number told a
-- participant how many messages everyone else had sent meanwhile). Existing messages are
-- renumbered 1, 2, 3 … in their old order; read positions move with them. Old `updated_seq`
-- values belonged to the global sequence and are cleared: a tab resuming across this upgrade
-- holds an old number anyway and reloads the conversation.
DROP INDEX "user_inputs_conversation_id_seq_idx";--> statement-breakpoint
ALTER TABLE "user_inputs" ALTER COLUMN "seq" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "conversation_reads" r SET "last_read_seq" = (
  SELECT count(*) FROM "user_inputs" u
  WHERE u."conversation_id" = r."conversation_id" AND u."seq" <= r."last_read_seq"
);--> statement-breakpoint
UPDATE "user_inputs" u SET "seq" = numbered.n, "updated_seq" = NULL
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "conversation_id" ORDER BY "seq") AS n
  FROM "user_inputs"
) numbered
WHERE u."id" = numbered."id";--> statement-breakpoint
UPDATE "conversations" c SET "last_seq" = coalesce(
  (SELECT max(u."seq") FROM "user_inputs" u WHERE u."conversation_id" = c."id"), 0
);--> statement-breakpoint
CREATE UNIQUE INDEX "user_inputs_conversation_id_seq_idx" ON "user_inputs" USING btree ("conversation_id","seq");

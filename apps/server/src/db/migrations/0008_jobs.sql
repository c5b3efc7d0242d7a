CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"key" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_queued_key_idx" ON "jobs" USING btree ("key") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_key_created_at_idx" ON "jobs" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "jobs_user_id_idx" ON "jobs" USING btree ("user_id");--> statement-breakpoint
-- Transcription moves onto the shared queue with its history: each job keeps its id (the
-- `transcription.updated` events named it), owner, attempts and error. A job that was running
-- was cut short by the upgrade: it is queued again and that attempt does not count. Of several
-- pending jobs for one target only the newest stays pending (one per key), as enqueue now does.
INSERT INTO "jobs" ("id", "kind", "payload", "run_at", "status", "attempts", "max_attempts",
  "last_error", "key", "user_id", "created_at", "finished_at")
SELECT t."id", 'transcription',
  jsonb_build_object('userId', t."owner_id", 'fileId', t."file_id",
    'targetKind', t."target_kind", 'targetId', t."target_id"),
  t."next_run_at",
  CASE WHEN t."pending" AND t."newest" > 1 THEN 'cancelled'
       WHEN t."pending" THEN 'queued'
       ELSE t."status" END,
  CASE WHEN t."status" = 'running' THEN greatest(t."attempts" - 1, 0) ELSE t."attempts" END,
  3, t."last_error",
  'transcription:' || t."target_kind" || ':' || t."target_id",
  t."owner_id", t."created_at",
  CASE WHEN t."pending" AND t."newest" = 1 THEN NULL ELSE t."updated_at" END
FROM (
  SELECT *, "status" IN ('queued', 'running') AS "pending",
    row_number() OVER (PARTITION BY "target_kind", "target_id", "status" IN ('queued', 'running')
                       ORDER BY "created_at" DESC, "id" DESC) AS "newest"
  FROM "transcription_jobs"
) t;

ALTER TABLE "care_access_log" DROP CONSTRAINT "care_access_log_professional_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "care_consent_log" DROP CONSTRAINT "care_consent_log_professional_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "care_access_log" ALTER COLUMN "professional_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "care_consent_log" ALTER COLUMN "professional_id" DROP NOT NULL;--> statement-breakpoint
-- Hand-written (issue 24): the name snapshot is filled from the professional's account, then required.
ALTER TABLE "care_access_log" ADD COLUMN "professional_name" text;--> statement-breakpoint
UPDATE "care_access_log" l SET "professional_name" = u."name" FROM "users" u WHERE u."id" = l."professional_id";--> statement-breakpoint
ALTER TABLE "care_access_log" ALTER COLUMN "professional_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "care_access_log" ADD COLUMN "last_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "care_access_log" ADD COLUMN "read_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "care_access_log" ADD COLUMN "read_hour" timestamp GENERATED ALWAYS AS (date_trunc('hour', timezone('UTC', at))) STORED;--> statement-breakpoint
ALTER TABLE "care_consent_log" ADD COLUMN "professional_name" text;--> statement-breakpoint
UPDATE "care_consent_log" l SET "professional_name" = u."name" FROM "users" u WHERE u."id" = l."professional_id";--> statement-breakpoint
ALTER TABLE "care_consent_log" ALTER COLUMN "professional_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "care_access_log" ADD CONSTRAINT "care_access_log_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_consent_log" ADD CONSTRAINT "care_consent_log_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 24): existing identical reads of one hour fold into their first row before
-- the index that keeps them folded.
UPDATE "care_access_log" l SET "read_count" = g."n", "last_at" = g."last_at" FROM (SELECT (array_agg("id" ORDER BY "at", "id"))[1] AS "keeper", count(*) AS "n", max("at") AS "last_at" FROM "care_access_log" GROUP BY "person_id", "professional_id", "what", "item_count", "read_hour") g WHERE l."id" = g."keeper";--> statement-breakpoint
DELETE FROM "care_access_log" l USING "care_access_log" k WHERE k."person_id" = l."person_id" AND k."professional_id" = l."professional_id" AND k."what" = l."what" AND k."item_count" = l."item_count" AND k."read_hour" = l."read_hour" AND (k."at", k."id") < (l."at", l."id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_access_log_fold_idx" ON "care_access_log" USING btree ("person_id","professional_id","what","item_count","read_hour");--> statement-breakpoint
CREATE INDEX "care_consent_log_professional_idx" ON "care_consent_log" USING btree ("professional_id");

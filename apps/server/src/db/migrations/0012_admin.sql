CREATE TABLE "account_flags" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"disabled_at" timestamp with time zone,
	"cohort" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_flags" ADD CONSTRAINT "account_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_user_id_idx" ON "audit_log" USING btree ("target_user_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
-- The system settings were stored per admin account; the instance takes the values of the admin
-- who changed theirs last (keys absent there keep their defaults, read by the service).
INSERT INTO "instance_settings" ("key", "value", "updated_at")
SELECT s.key, s.value, latest.updated_at
  FROM (
    SELECT us.system_settings, us.updated_at
      FROM "user_settings" us
      JOIN "user_roles" ur ON ur.user_id = us.user_id AND ur.role = 'admin'
     ORDER BY us.updated_at DESC
     LIMIT 1
  ) latest,
  LATERAL jsonb_each(latest.system_settings) s
 WHERE s.key IN ('audit_logs', 'data_retention_days', 'compliance_mode')
ON CONFLICT ("key") DO NOTHING;

CREATE TABLE "research_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"cohort" text NOT NULL,
	"from_week" text NOT NULL,
	"to_week" text NOT NULL,
	"epsilon" double precision NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "research_releases" ADD CONSTRAINT "research_releases_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_releases_weeks_idx" ON "research_releases" USING btree ("from_week","to_week");
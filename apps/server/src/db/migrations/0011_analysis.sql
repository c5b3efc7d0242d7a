CREATE TABLE "analysis_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"insight_id" text NOT NULL,
	"kind" text NOT NULL,
	"claim" text NOT NULL,
	"reason" text NOT NULL,
	"words" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"mood" text,
	"estimated_mood" jsonb,
	"valence" real NOT NULL,
	"dominant_emotion" text,
	"result" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"title" text NOT NULL,
	"snippet" text NOT NULL,
	"href" text,
	"tags" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"analysed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_models" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"model" jsonb NOT NULL,
	"entries" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_disputes" ADD CONSTRAINT "analysis_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_items" ADD CONSTRAINT "analysis_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_models" ADD CONSTRAINT "analysis_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_settings" ADD CONSTRAINT "analysis_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_disputes_user_insight_idx" ON "analysis_disputes" USING btree ("user_id","insight_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_items_source_idx" ON "analysis_items" USING btree ("user_id","source_kind","source_id");--> statement-breakpoint
CREATE INDEX "analysis_items_user_occurred_idx" ON "analysis_items" USING btree ("user_id","occurred_at");
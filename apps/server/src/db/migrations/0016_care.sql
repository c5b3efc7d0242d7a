CREATE TABLE "care_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"what" text NOT NULL,
	"item_count" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_consent_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"relationship_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"scope" text,
	"action" text NOT NULL,
	"expires_at" timestamp with time zone,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_consents" (
	"relationship_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "care_consents_relationship_id_scope_pk" PRIMARY KEY("relationship_id","scope")
);
--> statement-breakpoint
CREATE TABLE "care_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_relationships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"initiated_by" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "care_access_log" ADD CONSTRAINT "care_access_log_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_access_log" ADD CONSTRAINT "care_access_log_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_consent_log" ADD CONSTRAINT "care_consent_log_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_consent_log" ADD CONSTRAINT "care_consent_log_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_consents" ADD CONSTRAINT "care_consents_relationship_id_care_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."care_relationships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_relationships" ADD CONSTRAINT "care_relationships_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_relationships" ADD CONSTRAINT "care_relationships_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_access_log_person_idx" ON "care_access_log" USING btree ("person_id","at");--> statement-breakpoint
CREATE INDEX "care_access_log_professional_idx" ON "care_access_log" USING btree ("professional_id");--> statement-breakpoint
CREATE INDEX "care_consent_log_person_idx" ON "care_consent_log" USING btree ("person_id","at");--> statement-breakpoint
CREATE INDEX "care_notes_pair_idx" ON "care_notes" USING btree ("professional_id","person_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "care_relationships_open_pair_idx" ON "care_relationships" USING btree ("professional_id","person_id") WHERE status in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "care_relationships_person_idx" ON "care_relationships" USING btree ("person_id");
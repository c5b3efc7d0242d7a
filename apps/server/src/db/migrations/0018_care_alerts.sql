CREATE TABLE "care_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"relationship_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"signature" text NOT NULL,
	"values" jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_relationship_id_care_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."care_relationships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_alerts_signature_idx" ON "care_alerts" USING btree ("professional_id","person_id","signature");--> statement-breakpoint
CREATE INDEX "care_alerts_professional_idx" ON "care_alerts" USING btree ("professional_id","status");--> statement-breakpoint
CREATE INDEX "care_alerts_person_idx" ON "care_alerts" USING btree ("person_id");